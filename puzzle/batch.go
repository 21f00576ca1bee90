package puzzle

import (
	"context"
	"sync"
	"time"

	"github.com/sudokit/sudokit/model"
)

// A Batch solves every puzzle Read sends, with several workers, and hands
// the results back in input order.
type Batch[R any] struct {
	// Read sends the puzzles, numbered from 0, and closes out; a
	// Reader's Read, or a fixed list (ItemsOf).
	Read  func(out chan<- Item) error
	Cache *Cache
	// Jobs is the number of workers (at least 1, at most MaxJobs); no
	// more are started than there are puzzles.
	Jobs int
	// Timeout bounds each puzzle's work; 0 means no bound.
	Timeout time.Duration
	// Work solves one puzzle under its context.
	Work func(ctx context.Context, it Item, m *model.Model) R
	// Failed answers a puzzle that could not be read or built; a build
	// stopped by the puzzle's context (Timeout, or ctx ending) fails with
	// the context's error.
	Failed func(it Item, err error) R
	// Emit receives the results in input order, one at a time, on the
	// goroutine that called Run.
	Emit func(it Item, r R)
}

// Run reads the puzzles and solves them under ctx. Its error is Read's:
// input that could not be used at all. When ctx ends, the work
// under way is asked to stop through its context and the puzzles still to
// come are answered under the ended context, so every puzzle read gets a
// result.
func (b *Batch[R]) Run(ctx context.Context) error {
	in := make(chan Item, 4*chunkSize)
	readErr := make(chan error, 1)
	go func() { readErr <- b.Read(in) }()
	run(in, b.Jobs, func(it Item) R {
		if it.Err != nil {
			return b.Failed(it, it.Err)
		}
		// The puzzle's time limit covers building its rules: a build it
		// stops fails with the context's error.
		pctx, cancel := b.context(ctx)
		defer cancel()
		m, err := b.Cache.ModelContext(pctx, it)
		if err != nil {
			return b.Failed(it, err)
		}
		return b.Work(pctx, it, m)
	}, b.Emit)
	return <-readErr
}

// ItemsOf returns a Read function that sends items, numbered in order.
func ItemsOf(items []Item) func(out chan<- Item) error {
	return func(out chan<- Item) error {
		defer close(out)
		for i, it := range items {
			it.Index = i
			out <- it
		}
		return nil
	}
}

// context returns one puzzle's context: ctx bounded by b.Timeout. It is
// canceled when the puzzle's work returns, which stops anything the work
// left running on it.
func (b *Batch[R]) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if b.Timeout > 0 {
		return context.WithTimeout(ctx, b.Timeout)
	}
	return context.WithCancel(ctx)
}

// chunkSize bounds how many items a worker takes at once. Handing items
// over one by one costs a few microseconds each, as much as solving an easy
// 9x9 puzzle; chunks keep both cores busy with solving. A chunk takes at
// most a (2*jobs)th share of the items waiting in the input, so that a
// short batch is spread over every worker (eight slow puzzles and two
// workers: four each, not eight for one), and is cut short whenever no
// further item is ready, so a slow stream is not held back.
const chunkSize = 64

// MaxJobs bounds the workers of a Batch: a larger number is taken as
// MaxJobs.
const MaxJobs = 256

// run runs work on every item from in with jobs workers (1 to MaxJobs;
// started as items come, so never more than there are items) and calls
// emit with the results in input order, one at a time. Items must be
// numbered 0, 1, 2 … in arrival order (Item.Index), as Reader numbers
// them. emit runs on the calling goroutine, so it may write output without
// locking.
func run[R any](in <-chan Item, jobs int, work func(Item) R, emit func(Item, R)) {
	jobs = min(max(jobs, 1), MaxJobs)
	type chunk struct {
		seq   int
		items []Item
		res   []R
	}
	feed := make(chan *chunk)
	results := make(chan *chunk, jobs)
	// At most 2*jobs chunks are out at once, which bounds the reorder
	// buffer below.
	tokens := make(chan struct{}, 2*jobs)
	// Emitted chunks come back here to be filled again, so that a long
	// stream allocates no chunks once the first few are made.
	free := make(chan *chunk, 2*jobs)
	var wg sync.WaitGroup
	started := 0
	start := func() {
		started++
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range feed {
				if cap(c.res) < len(c.items) {
					c.res = make([]R, len(c.items), chunkSize)
				}
				c.res = c.res[:len(c.items)]
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
			var c *chunk
			select {
			case c = <-free:
			default:
				c = &chunk{items: make([]Item, 0, chunkSize)}
			}
			c.seq, c.items = seq, append(c.items, it)
			size := min(chunkSize, max(1, len(in)/(2*jobs)))
		fill:
			for len(c.items) < size {
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
			select {
			case feed <- c:
			default:
				// Every worker started is busy: start another.
				if started < jobs {
					start()
				}
				feed <- c
			}
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
			clear(p.items) // drop what the items and results refer to
			clear(p.res)
			p.items, p.res = p.items[:0], p.res[:0]
			select {
			case free <- p:
			default:
			}
			<-tokens
			next++
		}
	}
}
