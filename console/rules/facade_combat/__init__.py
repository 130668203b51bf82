"""Façade's fights (seed 002, Part 3: Combat, and the Body systems it leans on): damage and
armor, health and hits by location, the blows of Simple and Dramatic Combat, Initiative,
a turn's actions, Limit Pools, first aid and healing. Pure, like the rest of ``rules``;
the dice themselves are ``console.rules.systems.facade``."""
