"""The choices Solium Infernum's combats leave to a player, as decision kinds
(agents/solium): a battle leaves none (4.16: the order of challenges, support,
damage and retreat are all the rules'); single combat leaves one per round."""
(PROGRAM,) = range(1)
DECISIONS = {
    "program": "4.17: a round's six Combat Slots, filled from the Praetor's Skulls, Shields and Orbs for the round",
}
