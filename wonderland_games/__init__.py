"""Wonderland Games: five tabletop games on one computer."""

__version__ = "0.1.0"
