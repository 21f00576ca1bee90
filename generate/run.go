package generate

import (
	"context"
	"sync"
)

// Generate makes puzzles first, first+1, … first+count-1 with jobs workers
// and calls emit with each, in index order, from one goroutine at a time.
// Each puzzle depends only on the options and its index, so the output is
// the same whatever jobs is. Generate stops at the first error (a puzzle's,
// emit's or ctx's) and returns it, after emitting every puzzle before the
// one that failed.
func (g *Generator) Generate(ctx context.Context, first, count, jobs int, emit func(Puzzle) error) error {
	if jobs < 1 {
		jobs = 1
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		p   Puzzle
		err error
	}
	// Each index gets a channel of its own, created in order, so that
	// emit can wait for them in order; at most 2*jobs are in flight.
	slots := make(chan chan result, 2*jobs)
	indices := make(chan int)
	work := make(map[int]chan result)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range indices {
				p, err := g.Puzzle(ctx, i)
				mu.Lock()
				ch := work[i]
				delete(work, i)
				mu.Unlock()
				ch <- result{p, err}
			}
		}()
	}
	go func() {
		defer close(slots)
		defer close(indices)
		for i := first; i < first+count; i++ {
			ch := make(chan result, 1)
			mu.Lock()
			work[i] = ch
			mu.Unlock()
			select {
			case slots <- ch:
			case <-ctx.Done():
				return
			}
			select {
			case indices <- i:
			case <-ctx.Done():
				ch <- result{err: ctx.Err()}
				return
			}
		}
	}()
	var err error
	for ch := range slots {
		r := <-ch
		if err == nil {
			err = r.err
			if err == nil {
				err = emit(r.p)
			}
			if err != nil {
				cancel()
			}
		}
	}
	wg.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return err
}
