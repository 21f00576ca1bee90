package main

import (
	"sync"
)

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
