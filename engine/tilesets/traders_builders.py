"""Traders & Builders: 24 tiles (TB-1): 20 trade-goods symbols (9 wine, 6 grain, 5 cloth).

Rows in the notation of ``docs/rules/README.md`` (that of
the base sets plus the marks ``+inn``, ``+cathedral``, ``+wine``, ``+grain``,
``+cloth`` on a segment and ``[C]`` for a field that touches no edge): id |
count | edges N E S W | features | fields | description. Layouts, counts and
symbols are JCloisterZone's (``traders-and-builders:1``).
"""

GAME = "carcassonne"

CATALOGUE = """\
TB1  | 1 | C F F C | city{NW}+wine                         | [ENE,ESE,SSE,SSW]>CNW                   | diagonal city with wine (base N layout)
TB2  | 1 | C F F C | city{NW}+grain                        | [ENE,ESE,SSE,SSW]>CNW                   | diagonal city with grain (base N layout)
TB3  | 1 | F C F C | city{EW}+wine                         | [NNW,NNE]>CEW [SSE,SSW]>CEW             | city band E-W with wine (base G layout)
TB4  | 1 | C C F C | city{NEW}+grain                       | [SSE,SSW]>CNEW                          | 3-edge city with grain (base R layout)
TB5  | 1 | C C R C | city{NEW}+wine road{S}                | [SSE]>CNEW [SSW]>CNEW                   | 3-edge city with wine, road from S into it (base T layout)
TB6  | 1 | F C C C | city{EW}+wine city{S}                 | [NNW,NNE]>CEW [C]>CEW/CS                | city band E-W with wine and a separate city edge on S; an inner field lies between them
TB7  | 1 | F C C C | city{EW}+cloth city{S}                | [NNW,NNE]>CEW [C]>CEW/CS                | as TB6 with cloth
TB8  | 1 | C C C C | city{NW}+cloth city{E} city{S}        | [C]>CNW/CE/CS                           | diagonal city N-W with cloth, separate city edges on E and S, inner field
TB9  | 1 | C C C C | city{NW}+wine city{ES}                | [C]>CNW/CES                             | two diagonal cities (N-W with wine, E-S without), inner field between them
TB10 | 1 | C R F C | city{NW}+cloth road{E}                | [ENE]>CNW [ESE,SSE,SSW]>CNW             | diagonal city with cloth, road from E into it (IC15 layout)
TB11 | 1 | C R F C | city{NW}+wine road{E}                 | [ENE]>CNW [ESE]>CNW [SSE,SSW]>CNW       | as TB10 with wine, but (per JCZ) a spur of the city wall cuts the ESE field from the S field: 3 fields
TB12 | 1 | C F R C | city{NW}+grain road{S}                | [SSW]>CNW [ENE,ESE,SSE]>CNW             | diagonal city with grain, road from S into it (IC2 layout, no inn)
TB13 | 1 | C F R C | city{NW}+grain road{S}                | [SSW]>CNW [SSE]>CNW [ENE,ESE]>CNW       | as TB12, but (per JCZ) a wall spur cuts the SSE field from the E field: 3 fields
TB14 | 1 | C R R C | city{NW}+wine road{E} road{S}         | [ENE]>CNW [ESE,SSE]>CNW [SSW]>CNW       | diagonal city with wine; roads from E and from S both run into it (2 roads); 3 fields
TB15 | 1 | C R R C | city{NW}+cloth road{E} road{S}        | [ENE]>CNW [ESE]>CNW [SSE]>CNW [SSW]>CNW | as TB14 with cloth, but (per JCZ) a wall spur also splits the SE corner field: 4 fields
TB16 | 1 | C R C C | city{NW}+cloth city{S} road{E}        | [ENE]>CNW [ESE]>CNW/CS                  | diagonal city with cloth, road from E into it, separate city edge on S
TB17 | 1 | C R C C | city{NW}+grain city{S} road{E}        | [ENE]>CNW [ESE]>CNW/CS                  | as TB16 with grain
TB18 | 1 | F C R C | city{EW}+wine road{S}                 | [NNW,NNE]>CEW [SSE]>CEW [SSW]>CEW       | city band E-W with wine, road from S into it
TB19 | 1 | F C R C | city{EW}+grain road{S}                | [NNW,NNE]>CEW [SSE]>CEW [SSW]>CEW       | as TB18 with grain
TB20 | 1 | R C R C | city{EW}+wine road{N} road{S}         | [NNW]>CEW [NNE]>CEW [SSE]>CEW [SSW]>CEW | city band E-W with wine, roads from N and from S run into it (IC16 layout, wine instead of pennant)
TB21 | 1 | C R F F | city{N} road{E}                       | [ENE]>CN [ESE,SSE,SSW,WSW,WNW]>CN       | city edge, road from E turns into it (same layout as WE3); no goods
TB22 | 1 | C F R R | city{N} road{S} road{W}               | [WNW]>CN [SSW,WSW] [ENE,ESE,SSE]>CN     | road from S runs north into the city; road from W ends where it meets it, without a junction (2 separate roads, per JCZ); no goods
TB23 | 1 | F R R R | cloister road{E} road{S} road{W}      | [NNW,NNE,ENE,WNW] [ESE,SSE] [SSW,WSW]   | cloister at a T: roads from E, S and W each end at the cloister (3 roads); no goods
TB24 | 1 | R R R R | road{NS} road{EW}                     | [NNW,WNW] [NNE,ENE] [ESE,SSE] [SSW,WSW] | bridge: road N-S passes under road E-W; no crossing, both roads continue; 4 separate fields; no goods
"""
