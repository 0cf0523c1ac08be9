package dev.minilake.bench; public class Bench { public static void main(String[] a){} }
