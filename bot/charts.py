"""The score chart moved to :mod:`render.chart` (issue 17: ``render`` draws every
picture). This module only re-exports it for the imports not yet changed."""

from render.chart import BACKGROUND, HEIGHT, WIDTH, score_chart, score_table

__all__ = ["BACKGROUND", "HEIGHT", "WIDTH", "score_chart", "score_table"]
