"""The Winter Edition's 12 animal tiles (the animals are decoration).

Rows in the notation of ``docs/rules/README.md``: id | count | edges N E S W |
features | fields | description (or, for Hunters and Gatherers, one column of
items separated by semicolons).
"""

GAME = "carcassonne"

CATALOGUE = """\
WE1  | 1 | F R R R | road{E} road{S} road{W}     | [NNW,NNE,ENE,WNW] [ESE,SSE] [SSW,WSW]   | = W (3-way junction)
WE2  | 1 | C F F R | city{N} road{W}             | [ENE,ESE,SSE,SSW,WSW]>CN [WNW]>CN     | NEW: road from W runs into the city gate
WE3  | 1 | C R F F | city{N} road{E}             | [ENE]>CN [ESE,SSE,SSW,WSW,WNW]>CN     | NEW: mirror of WE2
WE4  | 1 | F F R F | cloister road{S}            | [ALL]                           | = A (monastery + road)
WE5  | 1 | C F R C | city{NW} road{S}+inn        | [ENE,ESE,SSE]>CNW [SSW]>CNW         | NEW: diagonal city, road from S into it; JCZ marks an inn on it (an inn road with Inns & Cathedrals only, IC-O2)
WE6  | 1 | F R F R | cloister road{E} road{W}    | [NNW,NNE,ENE,WNW] [ESE,SSE,SSW,WSW]     | NEW: monastery with two road stubs (2 separate roads)
WE7  | 1 | C R R F | city{N} road{ES}            | [ENE,SSW,WSW,WNW]>CN [ESE,SSE]        | = J
WE8  | 1 | C F R F | city{N} road{S}             | [ENE,ESE,SSE]>CN [SSW,WSW,WNW]>CN     | NEW: road from S runs into the single city edge
WE9  | 1 | R R R R | road{NW} road{ES}           | [NNW,WNW] [NNE,ENE,SSW,WSW] [ESE,SSE]   | NEW: two separate road curves
WE10 | 1 | C R F C | city{NW} road{E}            | [ENE]>CNW [ESE,SSE,SSW]>CNW         | NEW: diagonal city, road from E into it
WE11 | 1 | F F R F | road{S}                     | [ALL]                           | NEW: road dead-ends in the tile (no other feature)
WE12 | 1 | C F R R | city{N} road{SW}            | [ENE,ESE,SSE,WNW]>CN [SSW,WSW]        | = K
"""
