# What Settle prints outside the page: the CLI's lesson and comparison, and the SVG story.

## settle lesson
print-speed = speed { $speed }x
print-what-you-saw = What you saw
print-pause = [pause]

## settle compare
print-difference = Difference: { $text }
print-holds = holds
print-fails = FAILS
print-contradict = the runs contradict the stated difference
