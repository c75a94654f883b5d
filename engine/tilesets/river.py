"""The River: 12 tiles. RV1 (spring) starts the map, RV2 (lake) comes last.

Rows in the notation of ``docs/rules/README.md``: id | count | edges N E S W |
features | fields | description. The marks ``spring`` and ``lake`` say where
the River begins and ends (drawn in the tile's centre).
"""

from ..tiles import Pile

GAME = "carcassonne"
#: River tiles are drawn before the land (R-3); the spring starts the map, the lake comes last.
PILE = Pile.RIVER
PILES = {"RV1": Pile.START, "RV2": Pile.LAKE}

CATALOGUE = """\
RV1       | 1 | F I F F | river{E} spring                | [ALL]                                 | spring (river starts in tile centre); START tile of a river game
RV2       | 1 | F F F I | river{W} lake                  | [ALL]                                 | lake (river ends in tile centre); placed LAST
RV3       | 1 | C I C I | city{N} city{S} river{EW}      | [ENE,WNW]>CN [ESE,WSW]>CS                 | straight river between two separate cities
RV4       | 1 | C I R I | city{N} road{S} river{EW}      | [ENE]>CN [WNW]>CN [ESE,SSE] [SSW,WSW]       | straight river; road from S crosses it and ends at the city gate
RV5       | 1 | F I R I | cloister road{S} river{EW}     | [NNW,NNE,ENE,WNW] [ESE,SSE] [SSW,WSW]         | straight river + cloister, road from S ends at cloister
RV6       | 1 | I R I R | road{EW} river{NS}             | [NNW,WNW] [NNE,ENE] [ESE,SSE] [SSW,WSW]       | road bridge over straight river: 4 separate fields
RV7       | 2 | F I F I | river{EW}                      | [NNW,NNE,ENE,WNW] [ESE,SSE,SSW,WSW]           | plain straight river
RV8       | 1 | C I I C | city{NW} river{ES}             | [ENE,SSW]>CNW [ESE,SSE]                   | river curve + diagonal city (no pennant in C1)
RV9       | 1 | R R I I | road{NE} river{SW}             | [NNW,ESE,SSE,WNW] [NNE,ENE] [SSW,WSW]         | road curve + river curve, 3 fields
RV10      | 2 | F F I I | river{SW}                      | [NNW,NNE,ENE,ESE,SSE,WNW] [SSW,WSW]           | plain river curve
"""
