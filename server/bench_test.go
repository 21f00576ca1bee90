package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/server"
)

// BenchmarkAPIVerify measures a verify request through the handler (body
// read, puzzle read and built, DLX's proof, record written) against the
// proof alone: the difference is what the API costs a request.
func BenchmarkAPIVerify(b *testing.B) {
	s, err := server.New(server.Config{Backends: []server.Backend{{Name: "dlx", Solver: dlx.New()}}})
	if err != nil {
		b.Fatal(err)
	}
	body := `{"puzzle":"` + top95first + `"}`
	b.Run("request", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			w := httptest.NewRecorder()
			rq := httptest.NewRequest(http.MethodPost, "/api/verify", strings.NewReader(body))
			rq.Host = "localhost"
			rq.Header.Set("Content-Type", "application/json")
			s.ServeHTTP(w, rq)
			if w.Code != http.StatusOK {
				b.Fatal(w.Code, w.Body)
			}
		}
	})
	b.Run("proof", func(b *testing.B) {
		items, err := (&puzzle.Reader{}).ReadString(top95first, "bench")
		if err != nil {
			b.Fatal(err)
		}
		m, err := (&puzzle.Cache{}).Model(items[0])
		if err != nil {
			b.Fatal(err)
		}
		solver := dlx.New()
		b.ReportAllocs()
		for b.Loop() {
			if _, err := solver.Solve(context.Background(), m, model.Options{Limit: 2, Keep: 2}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
