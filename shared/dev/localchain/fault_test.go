//go:build linux

package localchain

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/relay"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/schema"
)

// functionsProcess runs the functions in a child process and starts a new
// one whenever it dies, as Cloud Run starts a new instance.
type functionsProcess struct {
	t   *testing.T
	log *os.File

	mu       sync.Mutex
	addr     string
	env      []string
	cmd      *exec.Cmd
	exited   chan struct{}
	stopping bool
	deaths   int
}

func (p *functionsProcess) serve(addr string, env []string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.addr, p.env = addr, env
	return p.startLocked()
}

func (p *functionsProcess) startLocked() error {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), p.env...), childAddr+"="+p.addr)
	cmd.Stdout, cmd.Stderr = p.log, p.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("functions process: %w", err)
	}
	exited := make(chan struct{})
	p.cmd, p.exited = cmd, exited
	go func() {
		_ = cmd.Wait()
		close(exited)
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.stopping {
			return
		}
		p.deaths++
		if err := p.startLocked(); err != nil {
			p.t.Error(err)
		}
	}()
	return nil
}

// kill kills the running process (SIGKILL) and waits for it to go; a new
// one starts at once.
func (p *functionsProcess) kill() {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.mu.Unlock()
	_ = cmd.Process.Kill()
	<-exited
}

func (p *functionsProcess) stop() {
	p.mu.Lock()
	p.stopping = true
	cmd, exited := p.cmd, p.exited
	p.mu.Unlock()
	if cmd != nil {
		_ = cmd.Process.Kill()
		<-exited
	}
}

func (p *functionsProcess) deathCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.deaths
}

// stageLines counts the functions' « étape terminée » lines by run and
// stage: a stage done twice would log twice. A line cut by a kill is not
// JSON and counts for nothing.
func stageLines(t *testing.T, path string) map[string]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l struct {
			Message string `json:"message"`
			Report  string `json:"rapport"`
			Stage   string `json:"etape"`
		}
		if json.Unmarshal(sc.Bytes(), &l) == nil && l.Message == "étape terminée" {
			out[l.Report+"/"+l.Stage]++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// The whole local chain under the faults production meets: events
// duplicated and out of order, the functions' process killed during
// stages, poison pills killing it at every take, the database paused.
// Every run ends with a final status and its reason, each stage is done
// once and each output written once, and each paid model call is made by
// the take that completed its stage, never after its commit.
func TestChainUnderFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("chaîne locale complète sous pannes : sans -short")
	}
	// Four kills within less than one lease: a stage killed waits for its
	// lease before it is taken again, so no stage is killed three times,
	// which the attempts limit (3) would rightly end in echec. The lease,
	// and the delivery timeout under it, leave a take room to wait out the
	// transaction locks a killed process leaves on the emulator.
	const (
		lease     = 15 * time.Second
		kills     = 4
		killEvery = 2500 * time.Millisecond
		pause     = 2 * time.Second
		pills     = 2
		rounds    = 3 // each test report uploaded under 2 names, the first one twice
	)
	dir, err := os.MkdirTemp("", "analyste-pannes-")
	if err != nil {
		t.Fatal(err)
	}
	childLog, err := os.Create(filepath.Join(dir, "enfant.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer childLog.Close()
	proc := &functionsProcess{t: t, log: childLog}
	relayLog, err := os.Create(filepath.Join(dir, "relais.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer relayLog.Close()
	// The model readers, on a Vertex AI endpoint that answers what one run
	// of each report asks, and counts.
	reports := fixtures.Reports(t)
	refs := map[string]*scripted{}
	for _, r := range reports {
		refs[r.Slug] = reference(t, r)
	}
	gemini := newFakeGemini(t, refs)
	geminiEnv := gemini.serve(t)
	c, err := Start(t.Context(), Options{
		Readers: pipeline.ModeModel, LogDir: dir, Log: slog.New(slog.NewJSONHandler(relayLog, nil)),
		Lease: lease, Serve: func(addr string, env []string) error { return proc.serve(addr, append(env, geminiEnv...)) },
		Delivery: relay.Policy{Window: 2 * time.Minute, MinBackoff: 200 * time.Millisecond, MaxBackoff: 2 * time.Second,
			Timeout: lease - time.Second, Duplicate: 0.3, MaxDelay: 300 * time.Millisecond, Seed: 29},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		proc.stop()
		c.Stop()
		if t.Failed() {
			t.Logf("journaux : %s", dir)
		} else {
			os.RemoveAll(dir)
		}
	}()
	// The memos and hand-offs trigger nothing in production; here their
	// writes reach a sink, so that the relay counts them too.
	sink := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer sink.Close()
	for _, coll := range []string{schema.Memos, schema.Handoffs} {
		if err := c.Stack().AddFirestoreTrigger(t.Context(), coll+"/{docId}", sink.URL); err != nil {
			t.Fatal(err)
		}
	}
	pdf := func(r fixtures.Report) []byte {
		data, err := os.ReadFile(r.PDF)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	upload := func(name string, data []byte) string {
		id, err := c.Upload(t.Context(), name, data)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	wait := func(ids []string) map[string]schema.Report {
		ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
		defer cancel()
		got, err := c.Wait(ctx, ids)
		if err != nil {
			for _, id := range ids {
				r, rerr := c.Report(t.Context(), id)
				t.Logf("%s: %s %v", id, r.Status, rerr)
			}
			t.Fatal(err)
		}
		return got
	}

	// Poison pills, alone, since each kills every stage in flight.
	var poisoned []string
	for i := range pills {
		poisoned = append(poisoned, upload(fmt.Sprintf("%s%d.pdf", poisonPrefix, i), pdf(reports[i%len(reports)])))
	}
	for id, r := range wait(poisoned) {
		s := r.Steps[schema.Extraction]
		if r.Status != schema.Failed || r.Failure == nil || r.Failure.Retryable || !strings.Contains(r.Failure.Reason, "impossible à traiter") || s.Takes != 3 {
			t.Errorf("poison %s: status %s, failure %+v, extraction %+v; want echec after 3 takes", id, r.Status, r.Failure, s)
		}
	}
	pillDeaths := proc.deathCount()

	// Good reports, uploaded one after the other while the process is
	// killed during stages and the database paused.
	var ids []string
	company, slug := map[string]string{}, map[string]string{}
	uploads := make(chan struct{})
	data := make([][]byte, len(reports))
	for i, r := range reports {
		data[i] = pdf(r)
	}
	go func() {
		defer close(uploads)
		for i := range rounds * len(reports) {
			r := reports[i%len(reports)]
			name := fmt.Sprintf("charge/%s-%d.pdf", r.Slug, i/len(reports)%2)
			id, err := c.Upload(t.Context(), name, data[i%len(reports)])
			if err != nil {
				t.Error(err)
				return
			}
			ids = append(ids, id)
			company[id], slug[id] = r.Truth.Company, r.Slug
			time.Sleep(400 * time.Millisecond)
		}
	}()
	var killedInFlight []int
	for k := range kills {
		// A stage is running when the relay waits for a function. On a fast
		// machine every upload may be done before the last kills: then one
		// more report gives the kill a stage to cut.
		start := time.Now()
		deadline := start.Add(10 * time.Second)
		extra := false
		for c.Stack().Relay().Stats().InFlight == 0 && time.Now().Before(deadline) {
			select {
			case <-uploads:
				if !extra && time.Since(start) > time.Second {
					extra = true
					r := reports[k%len(reports)]
					id, err := c.Upload(t.Context(), fmt.Sprintf("charge/%s-extra-%d.pdf", r.Slug, k), data[k%len(reports)])
					if err != nil {
						t.Fatal(err)
					}
					ids = append(ids, id)
					company[id], slug[id] = r.Truth.Company, r.Slug
				}
			default:
			}
			time.Sleep(20 * time.Millisecond)
		}
		killedInFlight = append(killedInFlight, c.Stack().Relay().Stats().InFlight)
		proc.kill()
		if k == 1 {
			resume, err := c.Stack().PauseFirestore()
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(pause)
			if err := resume(); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(killEvery)
	}
	<-uploads
	good := wait(ids)

	done := stageLines(t, c.FunctionsLog())
	st := c.Stack().Relay().Stats()
	final, twice := 0, 0
	for _, id := range ids {
		r := good[id]
		if r.Final() {
			final++
		}
		if r.Status != schema.Done || r.Company != company[id] || r.Counters.FieldsRead != 78 {
			t.Errorf("%s: status %s, company %q, %d fields, failure %+v; want termine as without faults", id, r.Status, r.Company, r.Counters.FieldsRead, r.Failure)
		}
		// A kill between a stage's commit and its log line loses the line:
		// the outputs, written in the commit's transaction, are the count
		// of stages done, and the lines may only confirm it.
		for _, stage := range schema.Stages {
			if n := done[id+"/"+string(stage)]; n > 1 {
				t.Errorf("%s: stage %s logged done %d times, want once", id, stage, n)
				twice += n - 1
			}
		}
		for _, coll := range []string{schema.Extractions, schema.Signals, schema.Memos} {
			if n := st.Received["documents/"+coll+"/"+id]; n != 1 {
				t.Errorf("%s/%s written %d times, want once", coll, id, n)
				twice += max(0, n-1)
			}
		}
		if n := st.Received["documents/"+schema.Handoffs+"/"+id]; n != 0 {
			t.Errorf("published run %s: %d hand-off writes", id, n)
		}
		calledOnce(t, id, r, refs[slug[id]])
	}
	calls := modelCalls(t, gemini, refs, ids, slug, good)
	for _, id := range poisoned {
		for _, coll := range []string{schema.Extractions, schema.Signals, schema.Memos, schema.Handoffs} {
			if n := st.Received["documents/"+coll+"/"+id]; n != 0 {
				t.Errorf("poison %s: %s written %d times", id, coll, n)
			}
		}
	}
	if st.GivenUp != 0 {
		t.Errorf("%d events given up", st.GivenUp)
	}
	for i, n := range killedInFlight {
		if n == 0 {
			t.Errorf("kill %d: no stage was running", i+1)
		}
	}
	t.Logf("uploads %d (%d poison pills, %d good under %d names); objects and documents notified %d, events duplicated %d, posts %d, failed %d, given up %d",
		pills+len(ids), pills, len(ids), 2*len(reports), len(st.Received), st.Duplicated, st.Attempts, st.Failed, st.GivenUp)
	t.Logf("faults: process killed %d times by the test during stages (stages in flight %v), %d times by the poison pills; Firestore paused %v once",
		kills, killedInFlight, pillDeaths, pause)
	t.Logf("runs final %d of %d; stages done twice: %d", final+len(poisoned), len(ids)+len(poisoned), twice)
	for _, r := range reports {
		t.Logf("model calls of a run of %s: %v", r.Slug, refs[r.Slug].perRole())
	}
	t.Logf("model calls per run %d to %d; takes cut after calling %d, their calls lost (made again by the next take) %d; calls made after a stage committed %d",
		slices.Min(calls.perRun), slices.Max(calls.perRun), calls.lostTakes, calls.lost, calls.afterCommit)
}

// calledOnce checks that the completed take of each stage of run id made
// each call of a run once: its recorded usage holds, role by role, the
// calls of the reference run.
func calledOnce(t *testing.T, id string, r schema.Report, ref *scripted) {
	t.Helper()
	want := ref.perRole()
	got := map[string]int{}
	var recorded int64
	for _, u := range r.Usage {
		for _, a := range u.Attempts {
			got[a.Role]++
			recorded++
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("%s: the completed takes made the model calls %v, want %v", id, got, want)
	}
	if r.Tokens.Calls < recorded {
		t.Errorf("%s: %d model calls counted in jetons, fewer than the %d of its stages", id, r.Tokens.Calls, recorded)
	}
}

// paid are the model calls of the fault test's runs, by the take that made
// them.
type paid struct {
	perRun      []int // calls of each run's completed takes
	lostTakes   int   // takes that did not complete and made calls
	lost        int   // the calls they made, made again by a later take
	afterCommit int   // calls made once their stage had committed
}

// modelCalls checks the requests the endpoint received, take by take. The
// take that completed a run's stage (its last: a stage done is taken no
// more) made each request of that stage as often as the reference run; a
// take that did not complete (killed, or freed by a failure) may have made
// some of them, at most as often, before it ended; no request names a
// later take, another run or a poison pill. So neither a duplicate event
// nor a redelivery after the stage's commit made a call.
func modelCalls(t *testing.T, g *fakeGemini, refs map[string]*scripted, ids []string, slug map[string]string, reports map[string]schema.Report) paid {
	t.Helper()
	got, unknown := g.calls()
	for _, u := range unknown {
		t.Errorf("a request no run of a test report makes: %s", u)
	}
	var p paid
	seen := map[take]bool{}
	for _, id := range ids {
		ref := refs[slug[id]]
		want := ref.perStage()
		total := 0
		for _, stage := range schema.Stages {
			last := reports[id].Steps[stage].Takes
			for n := 1; n <= last; n++ {
				tk := take{run: id, stage: stage, n: n}
				seen[tk] = true
				calls := got[tk]
				if n == last {
					if !maps.Equal(calls, want[stage]) {
						t.Errorf("%s: the take that completed %s made %d calls, the reference run %d, or other ones", id, stage, sum(calls), sum(want[stage]))
					}
					for k, c := range calls {
						p.afterCommit += max(0, c-want[stage][k])
					}
					total += sum(calls)
					continue
				}
				for k, c := range calls {
					if c > want[stage][k] {
						t.Errorf("%s: take %d of %s, which did not complete, made a %s request %d times, a run %d times", id, n, stage, ref.role[k], c, want[stage][k])
					}
				}
				if c := sum(calls); c > 0 {
					p.lostTakes++
					p.lost += c
				}
			}
		}
		p.perRun = append(p.perRun, total)
	}
	for tk, calls := range got {
		if !seen[tk] {
			t.Errorf("%d calls of take %d of %s of run %s: a take after the stage committed, or of no good run", sum(calls), tk.n, tk.stage, tk.run)
			p.afterCommit += sum(calls)
		}
	}
	return p
}

// sum is the number of calls counted by request.
func sum(calls map[string]int) int {
	n := 0
	for _, c := range calls {
		n += c
	}
	return n
}
