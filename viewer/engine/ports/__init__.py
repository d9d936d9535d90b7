"""Port placement on heightmaps with a guaranteed sea route
("Around The World, Part 25: Placing ports"); see :mod:`.generator`."""
