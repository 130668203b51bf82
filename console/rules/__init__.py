"""MetaScape's rules as pure functions and small immutable types.

No I/O, no Textual, no TinyDB; randomness comes in as a ``random.Random``. One module per
rule of the Rule Book:

- ``ratings``: the Rating type, the staircase, levels, values and +/-d/c/t adjustments
- ``value_conversion``: Table 7, values back to ratings (simple and balanced)
- ``doubling_die`` and ``rolling``: rolling a rating, and resolving faces rolled on real dice
- ``odds``: exact chances of success and the distribution summary
- ``difficulty``: Table 6, amount of success or failure, criticals, repeated attempts
- ``combining``: combine (cat) and combine (high)
- ``initiative``: the order of a round in individual, wave and group mode; durations
- ``critical_damage``: a PC's critical-damage checks and their outcomes
- ``combat``, ``combat_odds``: both directions of an attack, with exact odds and wounds
- ``combat_modifiers``, ``mixed_types``: Tables 14/15 and 12/13 on the player's roll
- ``explosions``, ``healing``, ``vehicle_damage``: blasts, healing, hull and system failures
- ``hazards``: every hazard in the book as a state machine or a guided check, Tables 21-28
- ``advancement``, ``ap_awards``: Table 8 ranks, the AP ledger, improvements, allowance,
  salvage; a session's awards and the close-of-session preview
"""
