package main

import (
	"context"
	"sync"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/model"
)

// runBatch feeds the puzzles read by read to work, with the command's
// workers, each with its model and its per-puzzle context (--timeout), and
// calls emit with the results in input order. A puzzle that cannot be read
// or built gets failed(err) instead of work. The error is read's: input
// that could not be used at all.
func runBatch[R any](cmd *cobra.Command, s *setup, read func(chan<- item) error,
	work func(ctx context.Context, it item, m *model.Model) R, failed func(error) R, emit func(item, R)) error {
	in := make(chan item, 64)
	readErr := make(chan error, 1)
	go func() { readErr <- read(in) }()
	if bar := s.progress(cmd.Name()); bar != nil {
		defer bar.Finish()
		inner := emit
		emit = func(it item, r R) {
			inner(it, r)
			bar.Add(1)
		}
	}
	forEach(in, s.flags.jobs, func(it item) R {
		if it.err != nil {
			return failed(it.err)
		}
		m, err := s.model(it)
		if err != nil {
			return failed(err)
		}
		ctx, cancel := s.context(cmd.Context())
		defer cancel()
		return work(ctx, it, m)
	}, emit)
	if err := <-readErr; err != nil {
		if err == errNoInput {
			cmd.Usage()
		}
		return err
	}
	return nil
}

// chunkSize bounds how many items a worker takes at once. Handing items
// over one by one costs a few microseconds each, as much as solving an easy
// 9x9 puzzle; chunks keep both cores busy with solving. A chunk is cut
// short whenever no further item is ready, so a slow stream is not held
// back.
const chunkSize = 64

// forEach runs work on every item from in with jobs workers and calls emit
// with the results in input order, one at a time. Items must be numbered
// 0, 1, 2 … in arrival order (item.index). emit runs on the calling
// goroutine, so it may write output without locking.
func forEach[R any](in <-chan item, jobs int, work func(item) R, emit func(item, R)) {
	type chunk struct {
		seq   int
		items []item
		res   []R
	}
	feed := make(chan *chunk)
	results := make(chan *chunk, jobs)
	// At most 2*jobs chunks are out at once, which bounds the reorder
	// buffer below.
	tokens := make(chan struct{}, 2*jobs)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range feed {
				c.res = make([]R, len(c.items))
				for i, it := range c.items {
					c.res[i] = work(it)
				}
				results <- c
			}
		}()
	}
	go func() {
		seq := 0
		for it := range in {
			c := &chunk{seq: seq, items: []item{it}}
		fill:
			for len(c.items) < chunkSize {
				select {
				case next, ok := <-in:
					if !ok {
						break fill
					}
					c.items = append(c.items, next)
				default:
					break fill
				}
			}
			tokens <- struct{}{}
			feed <- c
			seq++
		}
		close(feed)
		wg.Wait()
		close(results)
	}()
	pending := map[int]*chunk{}
	next := 0
	for c := range results {
		pending[c.seq] = c
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for i, it := range p.items {
				emit(it, p.res[i])
			}
			<-tokens
			next++
		}
	}
}
