package variants_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
)

// BenchmarkVariants proves every testdata puzzle of a variant unique
// (Limit 2) and reports ms/puzzle. The rules are built once per puzzle
// outside the timer, as a caller solving many puzzles of one rule set would.
// Puzzles marked slowDLX are left out of the DLX runs.
//
//	go test ./variants -run '^$' -bench BenchmarkVariants -benchtime 20x
func BenchmarkVariants(b *testing.B) {
	byVariant := map[string][]published{}
	var names []string
	for _, p := range append(append([]published{}, publishedPuzzles...), constructedPuzzles...) {
		if byVariant[p.variant] == nil {
			names = append(names, p.variant)
		}
		byVariant[p.variant] = append(byVariant[p.variant], p)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, be := range backends {
			var models []*model.Model
			for _, p := range byVariant[name] {
				if p.slowDLX && be.name == "dlx" {
					continue
				}
				m, err := rules.Build(p.grid(), p.rules...)
				if err != nil {
					b.Fatal(err)
				}
				models = append(models, m)
			}
			if len(models) == 0 {
				continue
			}
			b.Run(name+"/"+be.name, func(b *testing.B) {
				s := be.new()
				b.ReportAllocs()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					for _, m := range models {
						res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
						if err != nil || res.Status != model.Unique {
							b.Fatalf("status %v, err %v", res.Status, err)
						}
					}
				}
				per := time.Since(start).Seconds() * 1000 / float64(b.N*len(models))
				b.ReportMetric(per, "ms/puzzle")
			})
		}
	}
}
