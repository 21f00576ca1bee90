package puzzle

// Run is run, for the tests of the worker pool outside the package.
func Run[R any](in <-chan Item, jobs int, work func(Item) R, emit func(Item, R)) {
	run(in, jobs, work, emit)
}
