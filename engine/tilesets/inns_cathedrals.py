"""Inns & Cathedrals: 18 tiles, 17 types (IC-1): 6 inns beside a road, 2 cathedrals.

Rows in the notation of ``docs/rules/README.md`` (that of
the base sets plus the marks ``+inn``, ``+cathedral``, ``+wine``, ``+grain``,
``+cloth`` on a segment and ``[C]`` for a field that touches no edge): id |
count | edges N E S W | features | fields | description. Layouts, counts and
symbols are JCloisterZone's (``inns-and-cathedrals:1``).
"""

GAME = "carcassonne"

CATALOGUE = """\
IC1  | 2 | C C C C | city{NESW}+cathedral                  | -                                       | cathedral: one city segment on all 4 edges, cathedral in the middle; no field, no pennant
IC2  | 1 | C F R C | city{NW} road{S}+inn                  | [SSW]>CNW [ENE,ESE,SSE]>CNW             | inn: diagonal city, road from S runs into it; inn beside the road (same layout as WE5)
IC3  | 1 | C F R R | city{N} road{SW}+inn                  | [SSW,WSW] [ENE,ESE,SSE,WNW]>CN          | inn: base K layout (city edge + road curve S-W) with an inn on the curve
IC4  | 1 | C R R C | city{NW}+pennant road{ES}+inn         | [ESE,SSE] [ENE,SSW]>CNW                 | inn: base O layout (diagonal city with pennant + road curve E-S) with an inn
IC5  | 1 | F R R R | road{E}+inn road{S} road{W}           | [NNW,NNE,ENE,WNW] [ESE,SSE] [SSW,WSW]   | inn: base W layout (3-way junction); the inn belongs to the E road only
IC6  | 1 | F R F R | road{EW}+inn                          | [NNW,NNE,ENE,WNW] [ESE,SSE,SSW,WSW]     | inn: base U layout (straight road) with an inn
IC7  | 1 | F F R R | road{SW}+inn                          | [NNW,NNE,ENE,ESE,SSE,WNW] [SSW,WSW]     | inn: base V layout (road curve S-W) with an inn
IC8  | 1 | F R F R | cloister road{E} road{W}              | [NNW,NNE,ENE,WNW] [ESE,SSE,SSW,WSW]     | cloister on a road: roads from E and from W both end at the cloister (2 roads); field split N/S (same layout as WE6)
IC9  | 1 | C C C C | city{N} city{E} city{S} city{W}       | [C]>CN/CE/CS/CW                         | four separate city edges around an inner field
IC10 | 1 | C C F C | city{N} city{E} city{W}               | [SSE,SSW]>CN/CE/CW                      | three separate city edges; the field on S touches all three
IC11 | 1 | C R C R | city{N} city{S} road{E} road{W}       | [ENE]>CN [ESE]>CS [WSW]>CS [WNW]>CN     | crossroads between two city edges: roads E and W end at the crossroads; the short stubs to the city gates are no roads; 4 fields
IC12 | 1 | C F C C | city{NW}+pennant city{S}              | [ENE,ESE]>CNW/CS                        | diagonal city with pennant, separate city edge on S
IC13 | 1 | C F F F | city{N}                               | [ENE,ESE]>CN [SSE,SSW,WSW,WNW]>CN       | city edge whose wall (per JCZ) runs on so that the E field is cut off from the S+W field; both border the city
IC14 | 1 | C F R F | city{N} road{S}                       | [ENE,ESE,SSE]>CN [SSW,WSW,WNW]>CN       | road from S runs into the city edge on N (same layout as WE8)
IC15 | 1 | C R F C | city{NW} road{E}                      | [ENE]>CNW [ESE,SSE,SSW]>CNW             | diagonal city, road from E runs into it (same layout as WE10)
IC16 | 1 | R C R C | city{EW}+pennant road{N} road{S}      | [NNW]>CEW [NNE]>CEW [SSE]>CEW [SSW]>CEW | city band E-W with pennant; roads from N and from S both run into it (2 roads); 4 fields
IC17 | 1 | R R R R | road{NW} road{ES}                     | [NNW,WNW] [ESE,SSE] [NNE,ENE,SSW,WSW]   | two separate road curves (N-W and E-S); the middle field runs diagonally (same layout as WE9)
"""
