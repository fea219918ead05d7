"""The decision points of a round, in rulebook order (the state's ``phase``)."""

# Phase 1: Plan Declaration
CHOOSE = 1  # active bidder: pass, or take the face-down cards
DECLARE = 2  # choose a plan (the dealer's opening declaration, or after taking)
BID_TRUMP = 3  # name trump while bidding, for plans that fix it then
DISCARD = 4  # discard 2 cards face down
# Phase 2: Exploration
TRUMP_CHOICE = 5  # Main Surveyor names trump
REVEAL = 6  # a revealing player picks a card to show
PLAY = 7  # trick play
# Phase 3: Reporting -> the final tie-breaker, then the end
RPS = 8  # rock-paper-scissors between tied players
OVER = 9

NAMES = {
    CHOOSE: "bidding",
    DECLARE: "declare_plan",
    BID_TRUMP: "bid_trump",
    DISCARD: "discard",
    TRUMP_CHOICE: "name_trump",
    REVEAL: "reveal",
    PLAY: "trick",
    RPS: "rock_paper_scissors",
    OVER: "over",
}
