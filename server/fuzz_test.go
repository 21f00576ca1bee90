package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/server"
)

// apiPaths are the endpoints FuzzAPI sends bodies to.
var apiPaths = []string{"/api/parse", "/api/solve", "/api/verify", "/api/count", "/api/compare", "/api/candidates",
	"/api/hint", "/api/explain", "/api/generate", "/api/trace", "/api/info", "/api/nope", "/",
	"/api/truecandidates", "/api/suggest", "/api/minimal", "/api/estimate"}

// FuzzAPI: no body, on any endpoint, gets a 5xx answer (a crash, an
// unbounded search) or anything but a JSON object from the API.
func FuzzAPI(f *testing.F) {
	for _, seed := range []struct {
		path uint8
		body string
	}{
		{1, `{"puzzle":"` + top95first + `"}`},
		{2, `{"puzzle":"` + xPuzzle + `","variants":["diagonal"],"backend":"sat"}`},
		{3, `{"puzzle":"` + serg3 + `","limit":50}`},
		{4, `{"puzzle":"` + small + `","backends":["dlx","backtrack"]}`},
		{5, `{"puzzle":"` + small + `","singles":true}`},
		{6, `{"puzzle":"` + small + `","marks":"1 24 3 2 . . . 4 . . 4 . . . . 1"}`},
		{7, `{"puzzle":"` + easy + `","backend":"prop","nodes":10}`},
		{8, `{"size":"4","count":2,"seed":1,"symmetry":"mirror","variants":["jigsaw"]}`},
		{9, `{"puzzle":"` + easy + `","max":20,"limit":2}`},
		{0, `{"puzzle":"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]}"}`},
		{0, `{"puzzle":"1 . | 3 .\n. . | . 4\n----+----\n. . | 4 .\n. . | . 1\n","shape":"2x2","alphabet":"digits"}`},
		{1, `{"puzzle":` + strings.Repeat("[", 100)},
		{1, `{"puzzle":"` + strings.Repeat(".", 1296) + `","timeout_ms":1}`},
	} {
		f.Add(seed.path, []byte(seed.body))
	}
	s, err := server.New(server.Config{Backends: backends(), Timeout: 50 * time.Millisecond, MaxJobs: 64, MaxBody: 64 << 10,
		MaxGenerate: 2, MaxEvents: 100, Logf: f.Logf})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path uint8, body []byte) {
		p := apiPaths[int(path)%len(apiPaths)]
		rq := httptest.NewRequest(http.MethodPost, p, strings.NewReader(string(body)))
		rq.Host = "localhost"
		rq.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		done := make(chan struct{})
		go func() { s.ServeHTTP(w, rq); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("POST %s %q: no answer after 5s under a 50ms limit", p, body)
		}
		if w.Code >= 500 {
			t.Fatalf("POST %s %q: %d %s", p, body, w.Code, w.Body)
		}
		if strings.HasPrefix(p, "/api/") && !strings.HasPrefix(strings.TrimSpace(w.Body.String()), "{") && !strings.HasPrefix(w.Body.String(), "[") {
			t.Fatalf("POST %s %q: not JSON: %s", p, body, w.Body)
		}
	})
}
