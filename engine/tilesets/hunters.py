"""Hunters and Gatherers: 79 land tiles (HS, H01-H78) and 12 bonus tiles (HB01-HB12).

Rows in the notation of ``docs/rules/README.md``: id | count | edges N E S W |
features | fields | description (or, for Hunters and Gatherers, one column of
items separated by semicolons).
"""

from ..tiles import Pile

GAME = "hunters-and-gatherers"
#: HS starts the map (HG-2); the bonus tiles wait apart until earned (HG-32).
PILES = {"HS": Pile.START, **{f"HB{n:02}": Pile.BONUS for n in range(1, 13)}}

CATALOGUE = """\
HS   | 1 | M W W R | forest{ES}+gold; river{W}->l1; l1:lake fish=1; [NNW,NNE,WNW] mammoth=1; [WSW]; volcano
H01  | 1 | R M W W | forest{S}; forest{W}; river{N}->l1; l1:lake fish=2; [NNW]; [NNE,ENE,ESE]
H02  | 1 | M R W R | forest{S}; river{E}->l1; river{W}->l1; l1:lake fish=3; [NNW,NNE,ENE,WNW]; [ESE]; [WSW]
H03  | 1 | M R W W | forest{SW}+gold; river{E}->l1; l1:lake fish=1; [NNW,NNE,ENE]; [ESE]
H04  | 1 | R R M R | river{N}->l1; river{E}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW]; [NNE,ENE]; [ESE,SSE,SSW,WSW]
H05  | 1 | R W R M | forest{E}; river{N}->l1; river{S}->l1; l1:lake fish=1; [NNW,SSW,WSW,WNW]; [NNE] deer=1; [SSE]
H06  | 1 | M R R R | river{E}->l1; river{S}->l1; river{W}->l1; l1:lake fish=1; [NNW,NNE,ENE,WNW] deer=1; [ESE,SSE]; [SSW,WSW]
H07  | 1 | R R M R | river{N}->l1; river{E}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW]; [NNE,ENE]; [ESE,SSE,SSW,WSW] deer=1
H08  | 1 | R R R M | river{N}->l1; river{E}->l1; river{S}->l1; l1:lake fish=1; [NNW,SSW,WSW,WNW] tiger=1; [NNE,ENE]; [ESE,SSE]
H09  | 1 | R R M R | river{N}->l1; river{E}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW] mammoth=1; [NNE,ENE] deer=1; [ESE,SSE,SSW,WSW]
H10  | 1 | R R R M | river{N}->l1; river{E}->l1; river{S}->l1; l1:lake fish=2; [NNW,SSW,WSW,WNW]; [NNE,ENE]; [ESE,SSE]
H11  | 1 | R R M R | river{N}->l1; river{E}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW]; [NNE,ENE]; [ESE,SSE,SSW,WSW] deer=1
H12  | 1 | R R W R | forest{S}; river{N}->l1; river{E}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW]; [NNE,ENE]; [ESE]; [WSW]
H13  | 1 | R M R R | river{N}->l1; river{S}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW]; [NNE,ENE,ESE,SSE]; [SSW,WSW] deer=1
H14  | 1 | R R R R | river{N}->l1; river{E}->l1; river{S}->l1; river{W}->l1; l1:lake fish=2; [NNW,WNW] deer=1; [NNE,ENE]; [ESE,SSE]; [SSW,WSW] deer=1
H15  | 1 | R W W W | forest{E}; forest{S}; forest{W}; river{N}; [NNW]; [NNE] tiger=1
H16  | 1 | M R R M | river{ES}; [NNW,NNE,ENE,SSW,WSW,WNW] deer=1; [ESE,SSE]
H17  | 1 | M R R M | river{ES}; [NNW,NNE,ENE,SSW,WSW,WNW]; [ESE,SSE] deer=1
H18  | 1 | R R R R | river{NE}; river{SW}; [NNW,ESE,SSE,WNW]; [NNE,ENE] deer=1; [SSW,WSW] tiger=1
H19  | 1 | M R R M | river{ES}; [NNW,NNE,ENE,SSW,WSW,WNW] tiger=1; [ESE,SSE]
H20  | 1 | M R R M | river{ES}; [NNW,NNE,ENE,SSW,WSW,WNW] deer=1; [ESE,SSE]
H21  | 1 | R R W M | forest{S}; river{NE}; [NNW,WSW,WNW] deer=1; [NNE,ENE]; [ESE]
H22  | 1 | M R R M | river{ES}; [NNW,NNE,ENE,SSW,WSW,WNW]; [ESE,SSE] deer=1
H23  | 1 | R M W R | forest{S}; river{NW}; [NNW,WNW]; [NNE,ENE,ESE,WSW] deer=1
H24  | 1 | R R W W | forest{SW}+gold; river{NE}; [NNW,ESE] deer=1; [NNE,ENE]
H25  | 1 | R M W R | forest{S}; river{N}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW]; [NNE,ENE,ESE] deer=1; [WSW]
H26  | 1 | R R W M | forest{S}; river{NE}; [NNW,ESE,WSW,WNW]; [NNE,ENE] deer=1
H27  | 1 | R R W W | forest{S}; forest{W}; river{NE}; [NNW,ESE]; [NNE,ENE]
H28  | 1 | M R R W | forest{W}; river{ES}; [NNW,NNE,ENE,SSW]; [ESE,SSE] deer=1
H29  | 1 | R M W R | forest{S}; river{NW}; [NNW,WNW]; [NNE,ENE,ESE,WSW]
H30  | 1 | W R R W | forest{NW}+gold; river{ES}; [ENE,SSW]; [ESE,SSE]
H31  | 1 | M M W W | forest{SW}+gold; [NNW,NNE,ENE,ESE] deer=1
H32  | 1 | W M M W | forest{NW}+gold; [ENE,ESE,SSE,SSW] tiger=1
H33  | 1 | W M M W | forest{NW}+gold; [ENE,ESE,SSE,SSW] tiger=1
H34  | 1 | W M M W | forest{NW}+gold; [ENE,ESE,SSE,SSW]
H35  | 1 | M M M W | forest{W}; [NNW,NNE]; [ENE,ESE]; [SSE,SSW] deer=1
H36  | 1 | M W M M | forest{E}; [NNW,NNE,SSE,SSW,WSW,WNW] mammoth=1
H37  | 1 | M M W M | forest{S}; [NNW,NNE,ENE,ESE,WSW,WNW] deer=1
H38  | 1 | W M M M | forest{N}; [ENE,ESE,SSE,SSW,WSW,WNW] deer=1
H39  | 1 | M W M W | forest{EW}+gold; [NNW,NNE] deer=1; [SSE,SSW]
H40  | 1 | M W M W | forest{EW}+gold; [NNW,NNE]; [SSE,SSW]
H41  | 1 | M W M W | forest{EW}+gold; [NNW,NNE]; [SSE,SSW]
H42  | 1 | M W M W | forest{E}; forest{W}; [NNW,NNE,SSE,SSW] deer=1
H43  | 1 | W W M M | forest{NE}+gold; [SSE,SSW]; [WSW,WNW]
H44  | 1 | W W W M | forest{NE}+gold; forest{S}; [WSW,WNW]
H45  | 1 | W W M W | forest{NW}+gold; forest{E}; [SSE,SSW] deer=1
H46  | 1 | R W R W | forest{E}; forest{W}; river{NS}; [NNW]; [NNE]; [SSE] deer=1; [SSW]
H47  | 1 | M R W R | forest{S}; river{EW}; [NNW,NNE,ENE,WNW]; [ESE,WSW]
H48  | 1 | M R W R | forest{S}; river{EW}; [NNW,NNE,ENE,WNW]; [ESE,WSW] deer=1
H49  | 1 | M R M R | river{EW}; [NNW,NNE,ENE,WNW]; [ESE,SSE,SSW,WSW] tiger=1
H50  | 1 | M R M R | river{EW}; [NNW,NNE,ENE,WNW] deer=1; [ESE,SSE,SSW,WSW] tiger=1
H51  | 1 | R M R M | river{NS}; [NNW,SSW,WSW,WNW] deer=1; [NNE,ENE,ESE,SSE]
H52  | 1 | M R M R | river{EW}; [NNW,NNE,ENE,WNW] deer=1; [ESE,SSE,SSW,WSW]
H53  | 1 | M R M R | river{EW}; [NNW,NNE,ENE,WNW] deer=1; [ESE,SSE,SSW,WSW]
H54  | 1 | M R M R | river{EW}; [NNW,NNE,ENE,WNW]; [ESE,SSE,SSW,WSW] mammoth=1
H55  | 1 | W R R W | forest{NW}+gold; river{ES}; [ENE]; [ESE,SSE] deer=1; [SSW]
H56  | 1 | W W W R | forest{NE}+gold; forest{S}; river{W}; [WSW]; [WNW]
H57  | 1 | R W W W | forest{E}; forest{SW}+gold; river{N}->l1; l1:lake fish=2; [NNW]; [NNE]
H58  | 1 | W W R W | forest{NEW}+gold; river{S}->l1; l1:lake fish=1; [SSE]; [SSW]
H59  | 1 | R M W M | forest{S}; river{N}->l1; l1:lake fish=1; [NNW,WSW,WNW]; [NNE,ENE,ESE] tiger=1
H60  | 1 | M W M W | forest{EW}+gold; [NNW,NNE]; [SSE,SSW] deer=1
H61  | 1 | M M M M | [ALL] mammoth=1
H62  | 1 | M M M M | [ALL] deer=1
H63  | 1 | W W M W | forest{NEW}+gold; [SSE,SSW]
H64  | 1 | W W M W | forest{NE}+gold; forest{W}; [SSE,SSW]
H65  | 1 | W W M W | forest{NEW}+gold; [SSE,SSW] tiger=1
H66  | 1 | W W R M | forest{NE}+gold; river{S}; [SSE]; [SSW]; [WSW,WNW]
H67  | 1 | W W M M | forest{N}; forest{E}; [SSE,SSW,WSW,WNW] deer=1
H68  | 1 | W M R M | forest{N}; river{S}; [ENE,ESE,SSE]; [SSW,WSW,WNW]
H69  | 1 | W R R W | forest{NW}+gold; river{ES}; [ENE,SSW]; [ESE,SSE]
H70  | 1 | R R W W | forest{SW}+gold; river{N}; river{E}; [NNW]; [NNE,ENE]; [ESE]
H71  | 1 | R W R W | forest{EW}+gold; river{N}; river{S}->l1; l1:lake fish=2; [NNW]; [NNE]; [SSE]; [SSW]
H72  | 1 | R W R W | forest{E}; forest{W}; river{NS}; [NNW,SSW] tiger=1; [NNE,SSE]
H73  | 1 | R W R W | forest{E}; forest{W}; river{NS}; [NNW,SSW]; [NNE,SSE] deer=1
H74  | 1 | R W R W | forest{E}; forest{W}; river{NS}; [NNW,SSW]; [NNE,SSE]
H75  | 1 | M W W M | forest{ES}+gold; [NNW,NNE,WSW,WNW]
H76  | 1 | M M W W | forest{SW}+gold; [NNW,NNE,ENE,ESE] deer=1
H77  | 1 | M W W M | forest{ES}+gold; [NNW,NNE,WSW,WNW]
H78  | 1 | W W M M | forest{NE}+gold; [SSE,SSW,WSW,WNW] deer=1
HB01 | 1 | M W R W | forest{EW}+mushrooms; river{S}; [NNW,NNE]; [SSE]; [SSW]
HB02 | 1 | R M M R | river{N}->l1; river{W}->l1; l1:lake fish=1; [NNW,WNW]; [NNE,ENE,ESE,SSE,SSW,WSW] aurochs=1 mammoth=1
HB03 | 1 | M W W M | forest{ES}; [NNW,NNE,WSW,WNW] mammoth=1 tiger=1
HB04 | 1 | R M M W | forest{W}; river{N}->l1; l1:lake fish=2; [NNW]; [NNE,ENE,ESE,SSE,SSW] deer=1
HB05 | 1 | R R R R | river{N}->l1; river{E}->l1; river{S}->l2; river{W}->l2; l1:lake fish=2; l2:lake fish=2; [NNW,ESE,SSE,WNW] deer=2; [NNE,ENE]; [SSW,WSW]
HB06 | 1 | R R W M | forest{S}; river{NE}; [NNW,ESE,WSW,WNW]; [NNE,ENE] mammoth=1
HB07 | 1 | M M M M | [ALL]; fire
HB08 | 1 | R R R M | river{N}->l1; river{E}->l1; river{S}->l1; l1:lake fish=1; [NNW,SSW,WSW,WNW] aurochs=1; [NNE,ENE]; [ESE,SSE] tiger=1
HB09 | 1 | M W W R | forest{ES}+mushrooms; river{W}->l1; l1:lake fish=2; [NNW,NNE,WNW]; [WSW]
HB10 | 1 | R W W R | forest{ES}; river{N}->l1; river{W}->l1; l1:lake fish=3; [NNW,WNW]; [NNE]; [WSW]
HB11 | 1 | M M W M | forest{S}; [NNW,NNE,ENE,ESE,WSW,WNW] aurochs=1 mammoth=1
HB12 | 1 | W M M M | forest{N}; [ENE,ESE,SSE,SSW,WSW,WNW]; dolmen
"""
