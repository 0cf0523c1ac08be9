"""pytest fixtures for MiniLake; the plugin itself is pytest_minilake.plugin."""
from .server import MiniLake

__all__ = ["MiniLake"]
