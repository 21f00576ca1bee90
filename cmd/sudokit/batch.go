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

// forEach runs work on every item from in with jobs workers and calls emit
// with the results in input order, one at a time. Items must be numbered
// 0, 1, 2 … in arrival order (item.index). emit runs on the calling
// goroutine, so it may write output without locking.
func forEach[R any](in <-chan item, jobs int, work func(item) R, emit func(item, R)) {
	type done struct {
		it  item
		res R
	}
	results := make(chan done, jobs)
	var wg sync.WaitGroup
	// A semaphore of 2*jobs outstanding items bounds the reorder buffer.
	tokens := make(chan struct{}, 2*jobs)
	feed := make(chan item)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range feed {
				results <- done{it, work(it)}
			}
		}()
	}
	go func() {
		for it := range in {
			tokens <- struct{}{}
			feed <- it
		}
		close(feed)
		wg.Wait()
		close(results)
	}()
	pending := map[int]done{}
	next := 0
	for d := range results {
		pending[d.it.index] = d
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(p.it, p.res)
			<-tokens
			next++
		}
	}
}
