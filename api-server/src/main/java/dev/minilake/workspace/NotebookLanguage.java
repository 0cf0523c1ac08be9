package dev.minilake.workspace;

import java.util.Arrays;
import java.util.Optional;

/** A notebook language with its source-file extension and comment prefix (which forms its header and cell separator). */
enum NotebookLanguage {
    PYTHON("py", "#"),
    SQL("sql", "--"),
    SCALA("scala", "//"),
    R("r", "#");

    final String extension;
    final String comment;

    NotebookLanguage(String extension, String comment) {
        this.extension = extension;
        this.comment = comment;
    }

    /** First line of a Databricks source notebook, e.g. "# Databricks notebook source". */
    String header() {
        return comment + " Databricks notebook source";
    }

    String cellSeparator() {
        return comment + " COMMAND ----------";
    }

    String magicPrefix() {
        return comment + " MAGIC ";
    }

    static Optional<NotebookLanguage> ofExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0) return Optional.empty();
        String ext = fileName.substring(dot + 1).toLowerCase();
        return Arrays.stream(values()).filter(l -> l.extension.equals(ext)).findFirst();
    }

    static Optional<NotebookLanguage> parse(String name) {
        if (name == null) return Optional.empty();
        return Arrays.stream(values()).filter(l -> l.name().equalsIgnoreCase(name)).findFirst();
    }
}
