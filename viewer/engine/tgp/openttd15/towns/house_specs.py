"""The original houses of OpenTTD 15.2 (``_original_house_specs`` of
``table/town_land.h``, with the defaults of ``house.h``'s HouseSpec), in our
own form: one :class:`HouseSpec` per house id 0..109, a multi-tile house's
extra tiles being the ids that follow it (their own specs, without size or
availability).

Every original house has probability 16, no class, no extra flags, no
callbacks and a processing time of 0.  :func:`house_specs` gives the table
as a game of a climate holds it after FinaliseHouseArray: EnsureEarlyHouse
moves the earliest houses of each climate and zone to year 0, so that every
zone has a house whatever the starting year.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

# BuildingFlag bits (house.h)
SIZE_1X1 = 1 << 0
NOT_SLOPED = 1 << 1
SIZE_2X1 = 1 << 2
SIZE_1X2 = 1 << 3
SIZE_2X2 = 1 << 4
ANIMATED = 1 << 5
CHURCH = 1 << 6
STADIUM = 1 << 7
BUILDING_HAS_1_TILE = SIZE_1X1 | SIZE_2X1 | SIZE_1X2 | SIZE_2X2
BUILDING_HAS_2_TILES = SIZE_2X1 | SIZE_1X2 | SIZE_2X2
BUILDING_2_TILES_X = SIZE_2X1 | SIZE_2X2
BUILDING_2_TILES_Y = SIZE_1X2 | SIZE_2X2
BUILDING_HAS_4_TILES = SIZE_2X2

# HouseZone bits (house.h): the town zones 0..4, the climates 11..15.
EDGE = 1 << 0
OUTSKIRT = 1 << 1
OUTER_SUBURB = 1 << 2
INNER_SUBURB = 1 << 3
CENTRE = 1 << 4
ABOVE_SNOW = 1 << 11
TEMPERATE = 1 << 12
BELOW_SNOW = 1 << 13
SUBTROPIC = 1 << 14
TOYLAND = 1 << 15
ZONE_BITS = (EDGE, OUTSKIRT, OUTER_SUBURB, INNER_SUBURB, CENTRE)
HZ_ZONE_ALL = EDGE | OUTSKIRT | OUTER_SUBURB | INNER_SUBURB | CENTRE
HZ_CLIMATE_ALL = ABOVE_SNOW | TEMPERATE | BELOW_SNOW | SUBTROPIC | TOYLAND

CLIMATE_MASKS = {0: (TEMPERATE,), 1: (ABOVE_SNOW, BELOW_SNOW), 2: (SUBTROPIC,), 3: (TOYLAND,)}
"""GetClimateMaskForLandscape, per landscape (0 temperate .. 3 toyland), in bit order."""

MAX_YEAR = 5_000_000      # CalendarTime::MAX_YEAR
MIN_YEAR = 0              # CalendarTime::MIN_YEAR
TOWN_HOUSE_COMPLETED = 3
NUM_ORIGINAL_HOUSES = 110  # NEW_HOUSE_OFFSET


@dataclass(frozen=True)
class HouseSpec:
    """One house id; the table below gives the fields in this order: its
    name, the years it can be built in, population (0 on a multi-tile
    house's extra tiles), removal cost multiplier, the town rating lost on
    removal, mail generation, the three cargo acceptances and their cargo
    labels, building flags (size, church, stadium, ...) and availability
    (zones and climates)."""

    id: int
    name: str
    min_year: int
    max_year: int
    population: int
    removal_cost: int
    remove_rating_decrease: int
    mail_generation: int
    acceptance: tuple[int, int, int]
    cargo: tuple[str, str, str]
    building_flags: int
    building_availability: int
    probability: int = 16
    enabled: bool = True


# The three cargoes a house accepts (passengers, mail, and goods or food or
# candy or fizzy drinks), by their labels.
ACCEPTS_GOODS = ("passengers", "mail", "goods")
ACCEPTS_FOOD = ("passengers", "mail", "food")
ACCEPTS_CANDY = ("passengers", "mail", "candy")
ACCEPTS_FIZZY_DRINKS = ("passengers", "mail", "fizzy_drinks")

ORIGINAL_HOUSE_SPECS: tuple[HouseSpec, ...] = (
    HouseSpec(0, "Tall office block", 1963, MAX_YEAR, 187, 150, 140, 70,
              (8, 3, 4), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE),
    HouseSpec(1, "Office block", 1957, MAX_YEAR, 85, 140, 130, 55,
              (8, 3, 4), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB),
    HouseSpec(2, "Small block of flats", 1968, MAX_YEAR, 40, 100, 90, 20,
              (8, 3, 1), ACCEPTS_GOODS, SIZE_1X1,
              TEMPERATE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(3, "Church", 0, MAX_YEAR, 5, 90, 230, 2,
              (2, 0, 0), ACCEPTS_GOODS, CHURCH | SIZE_1X1,
              TEMPERATE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(4, "Large office block", 1975, MAX_YEAR, 220, 160, 160, 85,
              (10, 4, 6), ACCEPTS_GOODS, ANIMATED | SIZE_1X1,
              TEMPERATE | BELOW_SNOW | SUBTROPIC | CENTRE),
    HouseSpec(5, "Large office block", 1975, MAX_YEAR, 220, 160, 160, 85,
              (10, 4, 6), ACCEPTS_GOODS, ANIMATED | SIZE_1X1, ABOVE_SNOW | CENTRE),
    HouseSpec(6, "Town houses", 0, MAX_YEAR, 30, 80, 80, 12,
              (4, 1, 0), ACCEPTS_GOODS, SIZE_1X1,
              TEMPERATE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(7, "Hotel", 1959, MAX_YEAR, 140, 180, 150, 22,
              (6, 1, 2), ACCEPTS_GOODS, SIZE_1X2, TEMPERATE | CENTRE | OUTER_SUBURB),
    HouseSpec(8, "Hotel", 1959, MAX_YEAR, 0, 180, 150, 22,
              (6, 1, 2), ACCEPTS_GOODS, 0, 0),
    HouseSpec(9, "Statue", 1945, MAX_YEAR, 0, 65, 40, 0,
              (2, 0, 0), ACCEPTS_GOODS, SIZE_1X1,
              TEMPERATE | BELOW_SNOW | SUBTROPIC | CENTRE | INNER_SUBURB),
    HouseSpec(10, "Fountain", 1945, MAX_YEAR, 0, 65, 40, 0,
              (2, 0, 0), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | BELOW_SNOW | SUBTROPIC | CENTRE),
    HouseSpec(11, "Park", 0, MAX_YEAR, 0, 60, 75, 0,
              (2, 0, 0), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | OUTER_SUBURB),
    HouseSpec(12, "Park", 1935, MAX_YEAR, 0, 60, 75, 0,
              (2, 0, 0), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | INNER_SUBURB),
    HouseSpec(13, "Office block", 1951, MAX_YEAR, 150, 130, 110, 65,
              (8, 2, 4), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB),
    HouseSpec(14, "Shops and offices", 1930, 1960, 95, 110, 100, 48,
              (6, 2, 3), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(15, "Shops and offices", 1930, 1960, 95, 105, 100, 48,
              (6, 2, 3), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(16, "Shops and offices", 1930, 1960, 95, 107, 100, 48,
              (6, 2, 3), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(17, "Modern office building", 1977, MAX_YEAR, 130, 200, 150, 50,
              (10, 3, 6), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | BELOW_SNOW | SUBTROPIC | CENTRE),
    HouseSpec(18, "Warehouse", 1983, MAX_YEAR, 6, 145, 110, 10,
              (6, 3, 8), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE),
    HouseSpec(19, "Office block", 1985, MAX_YEAR, 110, 155, 110, 55,
              (6, 2, 6), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE),
    HouseSpec(20, "Stadium", 0, MAX_YEAR, 65, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, STADIUM | SIZE_2X2,
              TEMPERATE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(21, "Stadium", 0, MAX_YEAR, 0, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, 0, 0),
    HouseSpec(22, "Stadium", 0, MAX_YEAR, 0, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, 0, 0),
    HouseSpec(23, "Stadium", 0, MAX_YEAR, 0, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, 0, 0),
    HouseSpec(24, "Old houses", 0, 1951, 15, 70, 75, 6,
              (3, 1, 0), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | OUTSKIRT | EDGE),
    HouseSpec(25, "Cottages", 0, 1952, 12, 75, 75, 7,
              (3, 1, 0), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | EDGE),
    HouseSpec(26, "Houses", 1931, MAX_YEAR, 13, 71, 75, 8,
              (3, 1, 0), ACCEPTS_GOODS, SIZE_1X1,
              TEMPERATE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(27, "Flats", 1935, MAX_YEAR, 100, 135, 100, 35,
              (7, 2, 2), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(28, "Tall office block", 1963, MAX_YEAR, 170, 145, 170, 50,
              (8, 3, 3), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(29, "Shops and offices", 0, 1955, 100, 132, 135, 40,
              (6, 2, 3), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(30, "Shops and offices", 1973, MAX_YEAR, 180, 155, 180, 64,
              (8, 3, 3), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | SUBTROPIC | CENTRE | OUTER_SUBURB),
    HouseSpec(31, "Theater", 0, MAX_YEAR, 35, 220, 230, 23,
              (8, 2, 2), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB),
    HouseSpec(32, "Stadium", 1958, MAX_YEAR, 65, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, STADIUM | SIZE_2X2,
              TEMPERATE | BELOW_SNOW | SUBTROPIC | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(33, "Stadium", 1958, MAX_YEAR, 0, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, 0, 0),
    HouseSpec(34, "Stadium", 1958, MAX_YEAR, 0, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, 0, 0),
    HouseSpec(35, "Stadium", 1958, MAX_YEAR, 0, 250, 300, 5,
              (4, 0, 0), ACCEPTS_GOODS, 0, 0),
    HouseSpec(36, "Offices", 2000, MAX_YEAR, 140, 170, 250, 65,
              (8, 3, 2), ACCEPTS_GOODS, SIZE_1X1,
              TEMPERATE | BELOW_SNOW | SUBTROPIC | CENTRE | INNER_SUBURB),
    HouseSpec(37, "Houses", 0, 1960, 15, 70, 75, 6,
              (3, 1, 1), ACCEPTS_FOOD, SIZE_1X1, BELOW_SNOW | OUTSKIRT | EDGE),
    HouseSpec(38, "Houses", 0, 1960, 15, 70, 75, 6,
              (3, 1, 1), ACCEPTS_FOOD, SIZE_1X1, ABOVE_SNOW | OUTSKIRT | EDGE),
    HouseSpec(39, "Cinema", 1945, MAX_YEAR, 35, 210, 230, 23,
              (8, 2, 2), ACCEPTS_GOODS, SIZE_1X1, TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(40, "Shopping mall", 1983, MAX_YEAR, 180, 250, 300, 5,
              (8, 2, 3), ACCEPTS_GOODS, SIZE_2X2,
              TEMPERATE | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(41, "Shopping mall", 1983, MAX_YEAR, 0, 250, 300, 5,
              (8, 2, 3), ACCEPTS_GOODS, 0, 0),
    HouseSpec(42, "Shopping mall", 1983, MAX_YEAR, 0, 250, 300, 5,
              (8, 2, 3), ACCEPTS_GOODS, 0, 0),
    HouseSpec(43, "Shopping mall", 1983, MAX_YEAR, 0, 250, 300, 5,
              (8, 2, 3), ACCEPTS_GOODS, 0, 0),
    HouseSpec(44, "Flats", 0, MAX_YEAR, 80, 100, 90, 20,
              (5, 2, 2), ACCEPTS_FOOD, SIZE_1X1, BELOW_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(45, "Flats", 0, MAX_YEAR, 80, 100, 90, 20,
              (5, 2, 2), ACCEPTS_FOOD, SIZE_1X1, ABOVE_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(46, "Houses", 0, MAX_YEAR, 16, 70, 70, 6,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1,
              BELOW_SNOW | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(47, "Houses", 0, MAX_YEAR, 16, 70, 70, 6,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1,
              ABOVE_SNOW | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(48, "Houses", 0, 1963, 14, 80, 70, 6,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1, BELOW_SNOW | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(49, "Houses", 0, 1963, 14, 80, 70, 6,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1, ABOVE_SNOW | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(50, "Tall office block", 1966, MAX_YEAR, 135, 150, 120, 60,
              (8, 3, 4), ACCEPTS_GOODS, SIZE_1X1, BELOW_SNOW | SUBTROPIC | CENTRE | INNER_SUBURB),
    HouseSpec(51, "Tall office block", 1966, MAX_YEAR, 135, 150, 120, 60,
              (8, 3, 4), ACCEPTS_GOODS, SIZE_1X1, ABOVE_SNOW | CENTRE | INNER_SUBURB),
    HouseSpec(52, "Tall office block", 1970, MAX_YEAR, 170, 170, 130, 70,
              (9, 3, 4), ACCEPTS_GOODS, SIZE_1X1, BELOW_SNOW | CENTRE | INNER_SUBURB),
    HouseSpec(53, "Tall office block", 1970, MAX_YEAR, 170, 170, 130, 70,
              (9, 3, 4), ACCEPTS_GOODS, SIZE_1X1, ABOVE_SNOW | CENTRE | INNER_SUBURB),
    HouseSpec(54, "Tall office block", 1974, MAX_YEAR, 210, 200, 140, 80,
              (10, 3, 5), ACCEPTS_GOODS, SIZE_1X1, BELOW_SNOW | SUBTROPIC | CENTRE | INNER_SUBURB),
    HouseSpec(55, "Tall office block", 1974, MAX_YEAR, 210, 200, 140, 80,
              (10, 3, 5), ACCEPTS_GOODS, SIZE_1X1, ABOVE_SNOW | CENTRE | INNER_SUBURB),
    HouseSpec(56, "Houses", 0, MAX_YEAR, 10, 60, 60, 5,
              (2, 1, 1), ACCEPTS_FOOD, SIZE_1X1, BELOW_SNOW | EDGE),
    HouseSpec(57, "Houses", 0, MAX_YEAR, 10, 60, 60, 5,
              (2, 1, 1), ACCEPTS_FOOD, SIZE_1X1, ABOVE_SNOW | EDGE),
    HouseSpec(58, "Shops and offices", 0, MAX_YEAR, 25, 100, 80, 20,
              (3, 1, 1), ACCEPTS_FOOD, SIZE_1X1,
              BELOW_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(59, "Shops and offices", 0, MAX_YEAR, 25, 100, 80, 20,
              (3, 1, 1), ACCEPTS_FOOD, SIZE_1X1,
              ABOVE_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(60, "Church", 0, MAX_YEAR, 6, 85, 230, 2,
              (2, 0, 0), ACCEPTS_GOODS, CHURCH | SIZE_1X1,
              BELOW_SNOW | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(61, "Church", 0, MAX_YEAR, 6, 85, 230, 2,
              (2, 0, 0), ACCEPTS_GOODS, CHURCH | SIZE_1X1,
              ABOVE_SNOW | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(62, "Houses", 0, MAX_YEAR, 17, 80, 80, 7,
              (3, 1, 1), ACCEPTS_FOOD, SIZE_1X1, BELOW_SNOW | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(63, "Houses", 0, MAX_YEAR, 17, 80, 80, 7,
              (3, 1, 1), ACCEPTS_FOOD, SIZE_1X1, ABOVE_SNOW | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(64, "Shops and offices", 0, 1960, 90, 140, 110, 45,
              (6, 2, 3), ACCEPTS_GOODS, SIZE_1X1,
              BELOW_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(65, "Shops and offices", 0, 1960, 90, 140, 110, 45,
              (6, 2, 3), ACCEPTS_GOODS, SIZE_1X1,
              ABOVE_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(66, "Hotel", 1972, MAX_YEAR, 140, 160, 160, 25,
              (6, 1, 3), ACCEPTS_FOOD, SIZE_1X2, BELOW_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(67, "Hotel", 1972, MAX_YEAR, 0, 160, 160, 25,
              (6, 1, 2), ACCEPTS_GOODS, 0, 0),
    HouseSpec(68, "Hotel", 1972, MAX_YEAR, 140, 160, 160, 25,
              (6, 1, 3), ACCEPTS_FOOD, SIZE_1X2, ABOVE_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(69, "Hotel", 1972, MAX_YEAR, 0, 160, 160, 25,
              (6, 1, 2), ACCEPTS_GOODS, 0, 0),
    HouseSpec(70, "Shops and offices", 1963, MAX_YEAR, 105, 130, 105, 50,
              (7, 2, 3), ACCEPTS_GOODS, SIZE_1X1,
              BELOW_SNOW | SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(71, "Shops and offices", 1963, MAX_YEAR, 105, 130, 105, 50,
              (7, 2, 3), ACCEPTS_GOODS, SIZE_1X1,
              ABOVE_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(72, "Tall office block", 1978, MAX_YEAR, 190, 190, 135, 75,
              (9, 3, 4), ACCEPTS_GOODS, SIZE_1X1, BELOW_SNOW | CENTRE | INNER_SUBURB),
    HouseSpec(73, "Tall office block", 1978, MAX_YEAR, 190, 190, 135, 75,
              (9, 3, 4), ACCEPTS_GOODS, SIZE_1X1, ABOVE_SNOW | CENTRE | INNER_SUBURB),
    HouseSpec(74, "Tall office block", 1967, MAX_YEAR, 250, 140, 200, 60,
              (7, 2, 2), ACCEPTS_GOODS, SIZE_2X1,
              BELOW_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(75, "Tall office block", 1967, MAX_YEAR, 0, 140, 200, 60,
              (7, 2, 2), ACCEPTS_GOODS, 0, 0),
    HouseSpec(76, "Tall office block", 1967, MAX_YEAR, 250, 140, 200, 60,
              (7, 2, 2), ACCEPTS_GOODS, SIZE_2X1,
              ABOVE_SNOW | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(77, "Tall office block", 1967, MAX_YEAR, 0, 140, 200, 60,
              (7, 2, 2), ACCEPTS_GOODS, 0, 0),
    HouseSpec(78, "Houses", 0, MAX_YEAR, 16, 80, 80, 6,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1,
              SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(79, "Houses", 0, MAX_YEAR, 16, 80, 80, 6,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1,
              SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(80, "Houses", 0, MAX_YEAR, 16, 80, 80, 5,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1,
              SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(81, "Houses", 0, MAX_YEAR, 7, 30, 30, 4,
              (3, 1, 1), ACCEPTS_FOOD, SIZE_1X1, SUBTROPIC | EDGE),
    HouseSpec(82, "Flats", 0, MAX_YEAR, 45, 130, 95, 15,
              (6, 2, 1), ACCEPTS_GOODS, SIZE_1X1, SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(83, "Church", 0, MAX_YEAR, 8, 90, 200, 3,
              (2, 0, 0), ACCEPTS_GOODS, CHURCH | SIZE_1X1,
              SUBTROPIC | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(84, "Houses", 0, MAX_YEAR, 18, 80, 80, 7,
              (3, 1, 2), ACCEPTS_FOOD, SIZE_1X1,
              SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT),
    HouseSpec(85, "Flats", 1973, MAX_YEAR, 90, 110, 95, 24,
              (6, 2, 1), ACCEPTS_GOODS, SIZE_1X1, SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(86, "Flats", 1962, MAX_YEAR, 120, 120, 95, 25,
              (6, 2, 1), ACCEPTS_GOODS, SIZE_1X1, SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(87, "Tall office block", 1984, MAX_YEAR, 250, 190, 140, 80,
              (8, 3, 4), ACCEPTS_GOODS, SIZE_2X1, SUBTROPIC | CENTRE | INNER_SUBURB),
    HouseSpec(88, "Tall office block", 1984, MAX_YEAR, 0, 190, 140, 80,
              (8, 3, 4), ACCEPTS_GOODS, 0, SUBTROPIC),
    HouseSpec(89, "Flats", 0, MAX_YEAR, 80, 110, 95, 23,
              (6, 2, 1), ACCEPTS_GOODS, SIZE_1X1, SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(90, "Tall office block", 1993, MAX_YEAR, 180, 180, 150, 90,
              (8, 3, 4), ACCEPTS_GOODS, SIZE_1X1, SUBTROPIC | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(91, "Church", 0, MAX_YEAR, 8, 90, 200, 3,
              (2, 0, 0), ACCEPTS_CANDY, CHURCH | SIZE_1X1,
              TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(92, "Houses", 0, MAX_YEAR, 18, 90, 90, 5,
              (6, 2, 2), ACCEPTS_CANDY, SIZE_1X1,
              TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(93, "Houses", 0, MAX_YEAR, 7, 70, 50, 3,
              (3, 1, 1), ACCEPTS_CANDY, SIZE_1X1, TOYLAND | OUTSKIRT | EDGE),
    HouseSpec(94, "Houses", 0, MAX_YEAR, 15, 80, 75, 6,
              (3, 1, 2), ACCEPTS_CANDY, SIZE_1X1,
              TOYLAND | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(95, "Houses", 0, MAX_YEAR, 17, 80, 75, 6,
              (3, 1, 2), ACCEPTS_CANDY, SIZE_1X1,
              TOYLAND | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(96, "Houses", 0, MAX_YEAR, 19, 80, 75, 6,
              (3, 1, 2), ACCEPTS_CANDY, SIZE_1X1,
              TOYLAND | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(97, "Houses", 0, MAX_YEAR, 21, 80, 75, 6,
              (3, 1, 2), ACCEPTS_CANDY, SIZE_1X1,
              TOYLAND | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(98, "Tall office block", 0, MAX_YEAR, 75, 160, 130, 20,
              (8, 4, 2), ACCEPTS_CANDY, SIZE_1X1, TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(99, "Houses", 0, MAX_YEAR, 35, 90, 80, 9,
              (4, 1, 2), ACCEPTS_CANDY, SIZE_1X2,
              TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(100, "Houses", 0, MAX_YEAR, 0, 90, 80, 0,
              (4, 1, 2), ACCEPTS_CANDY, 0, 0),
    HouseSpec(101, "Tall office block", 0, MAX_YEAR, 85, 150, 130, 18,
              (8, 4, 2), ACCEPTS_CANDY, SIZE_1X1, TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(102, "Igloo", 0, MAX_YEAR, 11, 60, 45, 3,
              (3, 1, 1), ACCEPTS_CANDY, SIZE_1X1, TOYLAND | EDGE),
    HouseSpec(103, "Tepees", 0, MAX_YEAR, 10, 60, 45, 3,
              (3, 1, 1), ACCEPTS_CANDY, SIZE_1X1, TOYLAND | EDGE),
    HouseSpec(104, "Shops and offices", 0, MAX_YEAR, 67, 140, 130, 22,
              (8, 4, 4), ACCEPTS_FIZZY_DRINKS, SIZE_1X1,
              TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(105, "Shops and offices", 0, MAX_YEAR, 86, 145, 130, 23,
              (8, 4, 4), ACCEPTS_FIZZY_DRINKS, SIZE_1X1,
              TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(106, "Tall office block", 0, MAX_YEAR, 95, 165, 130, 28,
              (8, 4, 2), ACCEPTS_CANDY, SIZE_1X1, TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(107, "Statue", 0, MAX_YEAR, 30, 90, 70, 10,
              (4, 1, 2), ACCEPTS_CANDY, SIZE_1X1, TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB),
    HouseSpec(108, "Teapot house", 0, MAX_YEAR, 25, 75, 65, 8,
              (3, 1, 2), ACCEPTS_CANDY, SIZE_1X1,
              TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
    HouseSpec(109, "Piggy bank", 0, MAX_YEAR, 18, 85, 95, 7,
              (3, 2, 4), ACCEPTS_FIZZY_DRINKS, SIZE_1X1,
              TOYLAND | CENTRE | INNER_SUBURB | OUTER_SUBURB | OUTSKIRT | EDGE),
)
assert len(ORIGINAL_HOUSE_SPECS) == NUM_ORIGINAL_HOUSES
assert all(hs.id == i for i, hs in enumerate(ORIGINAL_HOUSE_SPECS))


def _is_valid(specs: list[HouseSpec], i: int) -> bool:
    """IsHouseSpecValid for an original house (no NewGRF): a multi-tile
    house needs enabled, sizeless extra tiles of population 0 after it, and
    a sizeless tile must not be available anywhere."""
    hs = specs[i]
    nxt = [specs[i + k] if i + k < len(specs) else None for k in (1, 2, 3)]

    def part_ok(p: HouseSpec | None) -> bool:
        return p is not None and p.enabled and not p.building_flags & BUILDING_HAS_1_TILE

    if hs.building_flags & BUILDING_HAS_2_TILES and not part_ok(nxt[0]):
        return False
    if hs.building_flags & BUILDING_HAS_4_TILES and not (part_ok(nxt[1]) and part_ok(nxt[2])):
        return False
    if hs.building_flags & BUILDING_HAS_2_TILES and nxt[0].population != 0:
        return False
    if hs.building_flags & BUILDING_HAS_4_TILES and (nxt[1].population or nxt[2].population):
        return False
    if (not hs.building_flags & BUILDING_HAS_1_TILE and hs.building_availability & HZ_ZONE_ALL
            and hs.building_availability & HZ_CLIMATE_ALL):
        return False
    return True


@lru_cache(maxsize=4)
def house_specs(landscape: int) -> tuple[HouseSpec, ...]:
    """The house table a game of ``landscape`` (0 temperate, 1 arctic,
    2 tropic, 3 toyland) holds after FinaliseHouseArray: invalid specs
    disabled and sizeless, then EnsureEarlyHouse for each climate bit of the
    landscape (in bit order) and each zone: when no enabled house of that
    climate and zone starts in year 0, those starting in the earliest year
    start in year 0 instead (changes seen by the pairs that follow)."""
    specs = list(ORIGINAL_HOUSE_SPECS)
    for i in range(len(specs)):
        if not _is_valid(specs, i):
            specs[i] = replace(specs[i], enabled=False, building_flags=0)
    for climate in CLIMATE_MASKS[landscape]:
        for zone in ZONE_BITS:
            mask = climate | zone
            years = [hs.min_year for hs in specs
                     if hs.enabled and hs.building_availability & mask == mask]
            earliest = min(years, default=MAX_YEAR)
            if earliest == 0:
                continue
            specs = [replace(hs, min_year=MIN_YEAR)
                     if hs.enabled and hs.building_availability & mask == mask
                     and hs.min_year == earliest else hs for hs in specs]
    return tuple(specs)
