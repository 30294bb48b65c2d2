//go:build linux

package localchain

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"analyste.dev/analyste/shared/dev/fixtures"
	"analyste.dev/analyste/shared/dev/fixtures/pdfs"
	"analyste.dev/analyste/shared/extraction"
	"analyste.dev/analyste/shared/facts"
	"analyste.dev/analyste/shared/memo"
	"analyste.dev/analyste/shared/model"
	"analyste.dev/analyste/shared/model/vertextest"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/riskmodel"
	"analyste.dev/analyste/shared/riskrules"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/statementreader"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// stageOf is the stage that makes each role's calls.
var stageOf = map[string]schema.Stage{
	extraction.Role: schema.Extraction, riskmodel.Role: schema.Signaling,
	memo.WriterRole: schema.Memo, memo.JudgeRole: schema.Memo,
}

// scripted answers a report's model calls as a careful model would: the
// statements as the offline reader transcribes them, the risks the offline
// reader finds, the memo the offline writer writes from the run's facts,
// and each claim judged as the offline judge does. Every answer goes
// through the schema check of the real client.
type scripted struct {
	doc    *pdftext.Document
	writer memo.Memo  // set once the facts are known
	input  memo.Input // the memo's input, for the judge's facts

	mu    sync.Mutex
	asked map[string]int    // request key → calls
	reply map[string]string // request key → answer
	role  map[string]string // request key → role
}

// requestKey names a request by what is sent: the instructions and the
// content.
func requestKey(instructions, content string) string { return instructions + "\x00" + content }

func (s *scripted) Generate(ctx context.Context, req model.Request, out any) (model.Usage, error) {
	var answer any
	switch req.Role {
	case extraction.Role:
		tr, err := statementreader.Reader{}.Transcribe(ctx, s.doc)
		if err != nil {
			return model.Usage{}, err
		}
		answer = tr
	case riskmodel.Role:
		answer = signals.RiskReading{Signals: riskrules.Offline(s.doc.Texts())}
	case memo.WriterRole:
		answer = s.writer
	case memo.JudgeRole:
		j, _, err := memo.OfflineJudge{}.Judge(ctx, s.judgeRequest(req.Content))
		if err != nil {
			return model.Usage{}, err
		}
		answer = j
	default:
		return model.Usage{}, fmt.Errorf("unscripted role %q", req.Role)
	}
	text, err := json.Marshal(answer)
	if err != nil {
		return model.Usage{}, err
	}
	sch, err := model.SchemaFor(out)
	if err != nil {
		return model.Usage{}, err
	}
	if err := sch.Decode(text, out); err != nil {
		return model.Usage{}, fmt.Errorf("scripted %s answer: %w", req.Role, err)
	}
	k := requestKey(req.Instructions, req.Content)
	s.mu.Lock()
	s.asked[k]++
	s.reply[k], s.role[k] = string(text), req.Role
	s.mu.Unlock()
	var u model.Usage
	u.Add(model.Attempt{Role: req.Role, Model: "scripted", Number: 1, InputTokens: len(req.Content) / 4, OutputTokens: len(text) / 4})
	return u, nil
}

// judgeRequest reads back the judge's content: the cited facts, one
// "[id] …" line each, then the claim.
func (s *scripted) judgeRequest(content string) memo.JudgeRequest {
	cited, claim, _ := strings.Cut(content, "\nAffirmation à juger :\n")
	req := memo.JudgeRequest{Claim: memo.Claim{Text: claim}, Years: s.input.Years}
	for line := range strings.SplitSeq(cited, "\n") {
		id, _, ok := strings.Cut(strings.TrimPrefix(line, "["), "] ")
		if !ok || !strings.HasPrefix(line, "[") {
			continue
		}
		if i := slices.IndexFunc(s.input.Facts, func(f facts.Fact) bool { return f.ID == id }); i >= 0 {
			req.Cited = append(req.Cited, s.input.Facts[i])
		}
	}
	return req
}

// reference runs one report through the three stages in process with the
// scripted model, as the functions run them, and returns what it asked:
// the calls one run makes.
func reference(t *testing.T, r fixtures.Report) *scripted {
	t.Helper()
	ctx := t.Context()
	doc := pdfs.Read(t, r.PDF)
	s := &scripted{doc: doc, asked: map[string]int{}, reply: map[string]string{}, role: map[string]string{}}
	p := pipeline.New(s, pipeline.Options{MaxRereads: extraction.DefaultMaxRereads, Limits: pdftext.DefaultLimits()})
	ex, err := p.Extract(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	rec := p.Record(ex, len(doc.Pages))
	sig, err := p.Signals(ctx, rec.Borrower(), statements.YearsDesc(rec.Years), doc.Texts())
	if err != nil {
		t.Fatal(err)
	}
	s.input = pipeline.MemoInput(rec, sig.Record().Bounded())
	if s.writer, _, err = (memo.OfflineWriter{}).Write(ctx, s.input, nil); err != nil {
		t.Fatal(err)
	}
	res, err := p.Memo(ctx, s.input)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != memo.Published {
		t.Fatalf("%s: the scripted model's memo ends %s (%s), want publie", r.Slug, res.Status, res.Reason)
	}
	return s
}

// fakeGemini is the Vertex AI endpoint of the functions' process, and the
// metadata server that gives its credentials: it answers each request a
// reference run made with that run's answer and counts the requests by the
// take its labels name. A request no reference run made, or without a
// take's labels, is refused, and counted.
type fakeGemini struct {
	t      *testing.T
	report map[string]string // request key → report slug
	reply  map[string]string

	mu      sync.Mutex
	asked   map[take]map[string]int // take → request key → calls
	unknown []string                // requests refused, cut short
}

// take is a take of a run's stage, as a request's labels name it.
type take struct {
	run   string
	stage schema.Stage
	n     int
}

func newFakeGemini(t *testing.T, refs map[string]*scripted) *fakeGemini {
	f := &fakeGemini{t: t, report: map[string]string{}, reply: map[string]string{}, asked: map[take]map[string]int{}}
	for slug, s := range refs {
		for k, text := range s.reply {
			if other, ok := f.report[k]; ok && other != slug {
				t.Fatalf("reports %s and %s make the same request", other, slug)
			}
			f.report[k], f.reply[k] = slug, text
		}
	}
	return f
}

func (f *fakeGemini) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/computeMetadata/") {
		vertextest.Metadata(w, r)
		return
	}
	var body struct {
		SystemInstruction struct {
			Parts []struct{ Text string } `json:"parts"`
		} `json:"systemInstruction"`
		Contents []struct {
			Parts []struct{ Text string } `json:"parts"`
		} `json:"contents"`
		Labels map[string]string `json:"labels"`
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		// The process was killed while it sent the request: no call was
		// made, and nobody is left to answer.
		return
	}
	err = json.Unmarshal(data, &body)
	if err != nil || !strings.HasSuffix(r.URL.Path, ":generateContent") || len(body.SystemInstruction.Parts) != 1 ||
		len(body.Contents) != 1 || len(body.Contents[0].Parts) != 1 {
		f.refuse(w, fmt.Sprintf("%s %s: %.200s (%v)", r.Method, r.URL.Path, data, err))
		return
	}
	k := requestKey(body.SystemInstruction.Parts[0].Text, body.Contents[0].Parts[0].Text)
	text, ok := f.reply[k]
	if !ok {
		f.refuse(w, fmt.Sprintf("%.300s", body.Contents[0].Parts[0].Text))
		return
	}
	n, err := strconv.Atoi(body.Labels[store.TakeLabel])
	tk := take{run: body.Labels[store.RunLabel], stage: schema.Stage(body.Labels[store.StageLabel]), n: n}
	if err != nil || tk.run == "" || stageOf[body.Labels[model.RoleLabel]] != tk.stage {
		f.refuse(w, fmt.Sprintf("labels %v", body.Labels))
		return
	}
	f.mu.Lock()
	if f.asked[tk] == nil {
		f.asked[tk] = map[string]int{}
	}
	f.asked[tk][k]++
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(vertextest.Answer(text, len(k)/4, len(text)/4))
}

// refuse answers a request no reference run made with a permanent error.
func (f *fakeGemini) refuse(w http.ResponseWriter, what string) {
	f.mu.Lock()
	f.unknown = append(f.unknown, what)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_, _ = io.WriteString(w, `{"error":{"code":400,"message":"requête inattendue","status":"INVALID_ARGUMENT"}}`)
}

// serve starts the endpoint and returns the environment that points the
// functions' process at it.
func (f *fakeGemini) serve(t *testing.T) []string {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return []string{"GOOGLE_VERTEX_BASE_URL=" + srv.URL, "GCE_METADATA_HOST=" + strings.TrimPrefix(srv.URL, "http://"),
		"GOOGLE_APPLICATION_CREDENTIALS="}
}

// perRole counts the reference run's calls by role.
func (s *scripted) perRole() map[string]int {
	out := map[string]int{}
	for k, n := range s.asked {
		out[s.role[k]] += n
	}
	return out
}

// perStage is the reference run's calls by stage and request.
func (s *scripted) perStage() map[schema.Stage]map[string]int {
	out := map[schema.Stage]map[string]int{}
	for k, n := range s.asked {
		stage := stageOf[s.role[k]]
		if out[stage] == nil {
			out[stage] = map[string]int{}
		}
		out[stage][k] = n
	}
	return out
}

// calls gives the requests received by take, and the requests refused.
func (f *fakeGemini) calls() (map[take]map[string]int, []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[take]map[string]int{}
	for tk, asked := range f.asked {
		out[tk] = maps.Clone(asked)
	}
	return out, slices.Clone(f.unknown)
}
