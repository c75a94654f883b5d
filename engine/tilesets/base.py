"""The base game: 72 tiles, 24 types A-X. The start tile is a D.

Rows in the notation of ``docs/rules/README.md``: id | count | edges N E S W |
features | fields | description (or, for Hunters and Gatherers, one column of
items separated by semicolons).
"""

GAME = "carcassonne"

CATALOGUE = """\
A | 2 | F F R F | cloister road{S}                  | [ALL]                                   | monastery, road from S ends at it
B | 4 | F F F F | cloister                          | [ALL]                                   | monastery
C | 1 | C C C C | city{NESW}+pennant                | -                                       | full city with pennant
D | 4 | C R F R | city{N} road{EW}                  | [ENE,WNW]>CN [ESE,SSE,SSW,WSW]                | city edge + straight road (START tile is a D)
E | 5 | C F F F | city{N}                           | [ENE,ESE,SSE,SSW,WSW,WNW]>CN                  | single city edge
F | 2 | F C F C | city{EW}+pennant                  | [NNW,NNE]>CEW [SSE,SSW]>CEW                 | city band across opposite edges, pennant
G | 1 | F C F C | city{EW}                          | [NNW,NNE]>CEW [SSE,SSW]>CEW                 | same, no pennant
H | 3 | C F C F | city{N} city{S}                   | [ENE,ESE,WSW,WNW]>CN/CS                     | two separate cities, opposite edges
I | 2 | C F F C | city{N} city{W}                   | [ENE,ESE,SSE,SSW]>CN/CW                     | two separate cities, adjacent edges
J | 3 | C R R F | city{N} road{ES}                  | [ENE,SSW,WSW,WNW]>CN [ESE,SSE]                | city edge + road curve E-S
K | 3 | C F R R | city{N} road{SW}                  | [ENE,ESE,SSE,WNW]>CN [SSW,WSW]                | city edge + road curve S-W (mirror of J)
L | 3 | C R R R | city{N} road{E} road{S} road{W}   | [ENE,WNW]>CN [ESE,SSE] [SSW,WSW]              | city edge + 3-way junction
M | 2 | C F F C | city{NW}+pennant                  | [ENE,ESE,SSE,SSW]>CNW                       | diagonal city (2 adjacent edges), pennant
N | 3 | C F F C | city{NW}                          | [ENE,ESE,SSE,SSW]>CNW                       | same, no pennant
O | 2 | C R R C | city{NW}+pennant road{ES}         | [ENE,SSW]>CNW [ESE,SSE]                     | diagonal city + road curve, pennant
P | 3 | C R R C | city{NW} road{ES}                 | [ENE,SSW]>CNW [ESE,SSE]                     | same, no pennant
Q | 1 | C C F C | city{NEW}+pennant                 | [SSE,SSW]>CNEW                            | 3-edge city, pennant
R | 3 | C C F C | city{NEW}                         | [SSE,SSW]>CNEW                            | 3-edge city
S | 2 | C C R C | city{NEW}+pennant road{S}         | [SSE]>CNEW [SSW]>CNEW                     | 3-edge city, road runs into it, pennant
T | 1 | C C R C | city{NEW} road{S}                 | [SSE]>CNEW [SSW]>CNEW                     | same, no pennant
U | 8 | F R F R | road{EW}                          | [NNW,NNE,ENE,WNW] [ESE,SSE,SSW,WSW]             | straight road
V | 9 | F F R R | road{SW}                          | [NNW,NNE,ENE,ESE,SSE,WNW] [SSW,WSW]             | road curve
W | 4 | F R R R | road{E} road{S} road{W}           | [NNW,NNE,ENE,WNW] [ESE,SSE] [SSW,WSW]           | 3-way junction
X | 1 | R R R R | road{N} road{E} road{S} road{W}   | [NNW,WNW] [NNE,ENE] [ESE,SSE] [SSW,WSW]         | 4-way crossroads
"""
