"""Python-visible names of the compiled rules' constants (Cython keeps `cython.declare`d ones C-only).

rules.py declares the same numbers as C constants; tests/white_hat checks the two agree.
"""
TRICK, COLLECT, MOVE, SPECIAL, PLACE, FINISHED, TRACER = 0, 1, 2, 3, 4, 5, 6
K_PLAY, K_PASS, K_COLLECT_ALL, K_COLLECT_HAT, K_MOVE, K_DOS = 0, 1, 2, 3, 4, 5
K_EXPLOIT, K_RANDOMIZE, K_PLACE, K_BACKFLIP, K_SKIP, K_TRACER = 6, 7, 8, 9, 10, 11
JOKER, HAT = 14, 15
