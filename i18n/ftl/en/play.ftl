# What every player of a scenario shows: the stage's labels, the clock,
# the log and the inspector.

stage-moving = { $n } moving
