"""The original houses' facts an industry needs when it replaces a town
house (``table/town_land.h``, read in our own form): per house id its
population and its building flags (size and the church/stadium flags;
the further tiles of a bigger house have no size flag)."""

HOUSE_POPULATION: tuple[int, ...] = (
    187, 85, 40, 5, 220, 220, 30, 140, 0, 0, 0, 0, 0, 150, 95, 95,
    95, 130, 6, 110, 65, 0, 0, 0, 15, 12, 13, 100, 170, 100, 180, 35,
    65, 0, 0, 0, 140, 15, 15, 35, 180, 0, 0, 0, 80, 80, 16, 16,
    14, 14, 135, 135, 170, 170, 210, 210, 10, 10, 25, 25, 6, 6, 17, 17,
    90, 90, 140, 0, 140, 0, 105, 105, 190, 190, 250, 0, 250, 0, 16, 16,
    16, 7, 45, 8, 18, 90, 120, 250, 0, 80, 180, 8, 18, 7, 15, 17,
    19, 21, 75, 35, 0, 85, 11, 10, 67, 86, 95, 30, 25, 18,
)

HOUSE_FLAGS: tuple[frozenset[str], ...] = (
    frozenset(['Size1x1']),   # 00
    frozenset(['Size1x1']),   # 01
    frozenset(['Size1x1']),   # 02
    frozenset(['IsChurch', 'Size1x1']),   # 03
    frozenset(['IsAnimated', 'Size1x1']),   # 04
    frozenset(['IsAnimated', 'Size1x1']),   # 05
    frozenset(['Size1x1']),   # 06
    frozenset(['Size1x2']),   # 07
    frozenset([]),   # 08
    frozenset(['Size1x1']),   # 09
    frozenset(['Size1x1']),   # 0a
    frozenset(['Size1x1']),   # 0b
    frozenset(['Size1x1']),   # 0c
    frozenset(['Size1x1']),   # 0d
    frozenset(['Size1x1']),   # 0e
    frozenset(['Size1x1']),   # 0f
    frozenset(['Size1x1']),   # 10
    frozenset(['Size1x1']),   # 11
    frozenset(['Size1x1']),   # 12
    frozenset(['Size1x1']),   # 13
    frozenset(['IsStadium', 'Size2x2']),   # 14
    frozenset([]),   # 15
    frozenset([]),   # 16
    frozenset([]),   # 17
    frozenset(['Size1x1']),   # 18
    frozenset(['Size1x1']),   # 19
    frozenset(['Size1x1']),   # 1a
    frozenset(['Size1x1']),   # 1b
    frozenset(['Size1x1']),   # 1c
    frozenset(['Size1x1']),   # 1d
    frozenset(['Size1x1']),   # 1e
    frozenset(['Size1x1']),   # 1f
    frozenset(['IsStadium', 'Size2x2']),   # 20
    frozenset([]),   # 21
    frozenset([]),   # 22
    frozenset([]),   # 23
    frozenset(['Size1x1']),   # 24
    frozenset(['Size1x1']),   # 25
    frozenset(['Size1x1']),   # 26
    frozenset(['Size1x1']),   # 27
    frozenset(['Size2x2']),   # 28
    frozenset([]),   # 29
    frozenset([]),   # 2a
    frozenset([]),   # 2b
    frozenset(['Size1x1']),   # 2c
    frozenset(['Size1x1']),   # 2d
    frozenset(['Size1x1']),   # 2e
    frozenset(['Size1x1']),   # 2f
    frozenset(['Size1x1']),   # 30
    frozenset(['Size1x1']),   # 31
    frozenset(['Size1x1']),   # 32
    frozenset(['Size1x1']),   # 33
    frozenset(['Size1x1']),   # 34
    frozenset(['Size1x1']),   # 35
    frozenset(['Size1x1']),   # 36
    frozenset(['Size1x1']),   # 37
    frozenset(['Size1x1']),   # 38
    frozenset(['Size1x1']),   # 39
    frozenset(['Size1x1']),   # 3a
    frozenset(['Size1x1']),   # 3b
    frozenset(['IsChurch', 'Size1x1']),   # 3c
    frozenset(['IsChurch', 'Size1x1']),   # 3d
    frozenset(['Size1x1']),   # 3e
    frozenset(['Size1x1']),   # 3f
    frozenset(['Size1x1']),   # 40
    frozenset(['Size1x1']),   # 41
    frozenset(['Size1x2']),   # 42
    frozenset([]),   # 43
    frozenset(['Size1x2']),   # 44
    frozenset([]),   # 45
    frozenset(['Size1x1']),   # 46
    frozenset(['Size1x1']),   # 47
    frozenset(['Size1x1']),   # 48
    frozenset(['Size1x1']),   # 49
    frozenset(['Size2x1']),   # 4a
    frozenset([]),   # 4b
    frozenset(['Size2x1']),   # 4c
    frozenset([]),   # 4d
    frozenset(['Size1x1']),   # 4e
    frozenset(['Size1x1']),   # 4f
    frozenset(['Size1x1']),   # 50
    frozenset(['Size1x1']),   # 51
    frozenset(['Size1x1']),   # 52
    frozenset(['IsChurch', 'Size1x1']),   # 53
    frozenset(['Size1x1']),   # 54
    frozenset(['Size1x1']),   # 55
    frozenset(['Size1x1']),   # 56
    frozenset(['Size2x1']),   # 57
    frozenset([]),   # 58
    frozenset(['Size1x1']),   # 59
    frozenset(['Size1x1']),   # 5a
    frozenset(['IsChurch', 'Size1x1']),   # 5b
    frozenset(['Size1x1']),   # 5c
    frozenset(['Size1x1']),   # 5d
    frozenset(['Size1x1']),   # 5e
    frozenset(['Size1x1']),   # 5f
    frozenset(['Size1x1']),   # 60
    frozenset(['Size1x1']),   # 61
    frozenset(['Size1x1']),   # 62
    frozenset(['Size1x2']),   # 63
    frozenset([]),   # 64
    frozenset(['Size1x1']),   # 65
    frozenset(['Size1x1']),   # 66
    frozenset(['Size1x1']),   # 67
    frozenset(['Size1x1']),   # 68
    frozenset(['Size1x1']),   # 69
    frozenset(['Size1x1']),   # 6a
    frozenset(['Size1x1']),   # 6b
    frozenset(['Size1x1']),   # 6c
    frozenset(['Size1x1']),   # 6d
)
