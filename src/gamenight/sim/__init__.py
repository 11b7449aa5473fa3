"""Playing games out with bots: one game, batches of games, and benchmarks."""
