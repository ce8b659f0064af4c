"""White Hat and Black Hat (game ids `white_hat`, `black_hat`): spec shared/rules/white_hat.md."""
from .game import BLACK_HAT, WHITE_HAT, WhiteHatGame

__all__ = ["BLACK_HAT", "WHITE_HAT", "WhiteHatGame"]
