# analyste: every command a developer or CI needs. `make help` lists them.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Brief fuzzing in `make test`; `make fuzz FUZZTIME=10m` for a long run.
FUZZTIME ?= 15s
# Fuzzing runs on Go 1.27, which the go command fetches from the module proxy:
# 1.26's coordinator can fail a target with a bare "context deadline exceeded"
# at the end of -fuzztime, no input at fault (golang/go#75804, fixed in 1.27).
FUZZ_GO ?= GOTOOLCHAIN=go1.27.3 $(GO)
# Folders scored by `make eval`: each holds one PDF and its truth.json.
EVAL_DIRS = $(foreach g,testdata/* testdata/families/* testdata/engines/* testdata/real/*,$(sort $(dir $(wildcard $(g)/truth.json))))
# The scanned filings (testdata/scans), read by OCR: gated on nothing invented until their fields reach the text layer's.
SCAN_DIRS = $(sort $(dir $(wildcard testdata/scans/*/truth.json)))
# The packages whose code runs concurrently (claims and leases, the relay, the
# functions, the viewer's handlers): the race detector multiplies the text
# layer's and the chain's cost tenfold, so they run without it once above.
RACE_PACKAGES = ./shared/store/... ./shared/platform/... ./shared/dev/relay/... ./shared/events/... ./shared/model/... \
	./functions/extract/... ./functions/signals/... ./functions/memo/... ./functions/viewer
# The packages holding a fuzz target: `make fuzz` lists their targets with go test -list.
FUZZ_PACKAGES = $(sort $(dir $(shell grep -rlE --include='*_test.go' '^func Fuzz[A-Z]' shared cmd functions)))

.PHONY: help deps test unit quick fuzz lint bench testdata scans words run eval e2e package

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

deps: ## download modules and install the Debian tools the tests use: pdftotext, Chromium for the viewer's browser test, LibreOffice Writer for the third-party engines' test, Tesseract with its French data for the scans (idempotent)
	$(GO) mod download
	@command -v pdftotext >/dev/null && command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils chromium >/dev/null; }
	@command -v tesseract >/dev/null && tesseract --list-langs 2>/dev/null | grep -qx fra || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tesseract-ocr tesseract-ocr-fra >/dev/null; }
	@command -v soffice >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libreoffice-writer-nogui fonts-liberation fonts-dejavu-core >/dev/null; }

test: deps lint unit fuzz ## every test: lint, unit and integration tests, brief fuzzing

unit: # in shuffled order, every benchmark once too so that none rots; then the race detector on the packages that run goroutines against a store
	$(GO) test -count=1 -shuffle=on -bench=. -benchtime=1x ./...
	$(GO) test -count=1 -race -shuffle=on $(RACE_PACKAGES)

quick: ## the tests that need no emulator, browser or Debian tool (go test -short), about 30 s
	$(GO) test -short ./...

fuzz: ## run each fuzz target (every Fuzz function go test -list finds) for FUZZTIME
	@$(GO) test -short -list='^Fuzz' $(addprefix ./,$(FUZZ_PACKAGES)) | awk '/^Fuzz/ {n[++k] = $$1} /^ok/ {for (i = 1; i <= k; i++) print $$2, n[i]; k = 0}' | \
	while read -r pkg name; do \
		echo "fuzz $$name ($$pkg) for $(FUZZTIME)"; \
		$(FUZZ_GO) test -run='^$$' -fuzz="^$$name$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=2s "$$pkg" || exit 1; \
	done

lint: ## gofmt, go vet, staticcheck; terraform fmt -check when terraform is installed
	@out=$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	@if command -v terraform >/dev/null; then echo "terraform fmt -check infra"; TF_CLI_CONFIG_FILE=/dev/null terraform fmt -check -diff -recursive infra; \
	else echo "terraform absent : terraform fmt non vérifié (TestInfraFormattedAndDocumented vérifie le format)"; fi

bench: deps ## the benchmarks (pdftext vs pdftotext, the chain per report)
	$(GO) test -run='^$$' -bench=. -benchmem ./...

testdata: ## rebuild the test reports (testdata/*/rapport.pdf, testdata/families/*/rapport.pdf) byte for byte
	$(GO) run ./cmd/gentestdata

scans: ## rebuild the scanned filings of testdata/scans from the test reports (poppler renders, Go turns, greys and wraps them)
	$(GO) run ./cmd/genscans

words: ## retrain the offline risk reader's word model on the tuned part of the labelled sets into shared/riskrules/words.txt, one feature a line (byte for byte the same on the same sets)
	$(GO) run ./cmd/trainwords

# Vernet's memo must end bloque (it would say "aucun covenant relevé" beside
# the covenant on an amount its risks quote): the chain's blocking shown end to end.
# Orval's report names its borrower without a legal form: an abstention whose
# hand-off a reviewer settles by correcting the name. Walmart's annual report
# has no French statements: a failure, shown too.
run: ## the main job: the serverless chain on local emulators, on the test reports (one must end bloque, one in abstention, one in failure)
	$(GO) run ./cmd/analyste-local testdata/*/rapport.pdf testdata/families/vernet/rapport.pdf testdata/engines/orval/rapport.pdf testdata/real/walmart/en_walmart_fy2023_annual-report.pdf

# The labelled sentences of the risk reader, by role: testdata/signals/sets.txt.
SIGNAL_SETS := --set tuning
VALIDATION_SET := --set validation
BLIND_SET := --set blind
HELDOUT_SET := --set heldout
# The auditors', accountants' and prospectuses' standard paragraphs: no risk may be read from them.
BOILERPLATE_SET := --set boilerplate
# Whole reports written blind to the readers, held out: risks found on any page that states them.
RISK_REPORTS = $(sort $(dir $(wildcard testdata/rapports-risques/*/truth.json)))

eval: ## the whole chain in process on every testdata folder with a truth.json (course reports, generated families, real filings), offline readers; the scanned filings through Tesseract, the text pages of the mixed ones checked against their print (ANALYSTE_CONTROLE_OCR=oui); the memos of the course reports and real filings on the rubric's mechanical parts (measured, not gated); the risk reader on the labelled sentences (gated), then on the sets never tuned on (measured, not gated); no risk from the standard paragraphs, by the reader or the net (gated); whole reports held out, read for their risks (gated on recall) and by the net alone (measured)
	$(GO) run ./cmd/analyste eval --model offline --min-fields 97 --max-invented 0 --min-recall 90 $(EVAL_DIRS)
	ANALYSTE_CONTROLE_OCR=oui $(GO) run ./cmd/analyste eval --model offline --max-invented 0 $(SCAN_DIRS)
	$(GO) run ./cmd/analyste rubric --model offline testdata/ferlac/rapport.pdf testdata/helvane/rapport.pdf testdata/solvea/rapport.pdf $(wildcard testdata/real/*/fr_*.pdf)
	$(GO) run ./cmd/analyste eval-signals --model offline --min-recall 90 --min-precision 80 --min-category-recall 70 $(SIGNAL_SETS)
	$(GO) run ./cmd/analyste eval-signals --filet --min-precision 95 $(SIGNAL_SETS)
	$(GO) run ./cmd/analyste eval-signals --model offline $(VALIDATION_SET)
	$(GO) run ./cmd/analyste eval-signals --model offline $(BLIND_SET)
	$(GO) run ./cmd/analyste eval-signals --model offline $(HELDOUT_SET)
	$(GO) run ./cmd/analyste eval-signals --model offline --max-false-positives 0 $(BOILERPLATE_SET)
	$(GO) run ./cmd/analyste eval-signals --filet --max-false-positives 0 $(BOILERPLATE_SET)
	$(GO) run ./cmd/analyste eval-rapports --model offline --min-found 90 $(RISK_REPORTS)
	$(GO) run ./cmd/analyste eval-rapports --filet $(RISK_REPORTS)

e2e: ## the same on Gemini (needs GOOGLE_CLOUD_PROJECT and credentials), the judge on its labelled cases and the risk reader on its labelled sentences
	@test -n "$${GOOGLE_CLOUD_PROJECT:-}" || { echo "GOOGLE_CLOUD_PROJECT non défini"; exit 1; }
	$(GO) run ./cmd/analyste eval --model vertex --repeat 3 --min-fields 97 --max-invented 0 --min-recall 90 $(EVAL_DIRS)
	$(GO) run ./cmd/analyste eval-judge --model vertex
	$(GO) run ./cmd/analyste eval-signals --model vertex $(SIGNAL_SETS)
	$(GO) run ./cmd/analyste eval-signals --model vertex $(VALIDATION_SET) $(BLIND_SET)
	$(GO) run ./cmd/analyste eval-signals --model vertex --max-false-positives 0 $(BOILERPLATE_SET)
	$(GO) run ./cmd/analyste eval-rapports --model vertex $(RISK_REPORTS)

package: ## build dist/function-source.zip, the archive Terraform deploys
	$(GO) run ./cmd/package
