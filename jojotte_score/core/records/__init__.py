"""The circle's records over stored sittings: who beats whom (:mod:`.pairs`), which
partnerships work (:mod:`.partners`), how each player does in each role (:mod:`.roles`),
and a rating per player after every rubber (:mod:`.ratings`).

Every record is counted from :class:`~.facts.SittingFacts`: what each rubber of one sitting
says about its players (who sat together, who won, what each settled), read once from the
sitting's ledger (:func:`~.facts.sitting_facts`) and kept by storage beside the per-seat
figures. The games are asked for their sides and roles (``Game.rubber_sides``,
``Game.role_seats``, ``Game.hand_role_seats``, ``Game.record_roles``); nothing here names a
game.

Players are matched across sittings by name, as the statistics match them
(:func:`~jojotte_score.core.stats.counted_seats`): the name without surrounding spaces, and
a name twice in one sitting counts its first seat only.
"""
