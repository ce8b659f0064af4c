"""Kodiak: the list of legal moves moved into rules.py, so that the rules call them in C (a call into another
compiled module goes through Python). Empty while setup.py still names this module."""
