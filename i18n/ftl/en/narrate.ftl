# The "why" narration: one sentence for each thing the broker does.

why-completed = { $by } completed { $id }: removed from the queue for good.
