package localchain

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"

	"github.com/GoogleCloudPlatform/functions-framework-go/funcframework"
)

// childAddr, in a test binary's environment, makes it serve the functions
// on that address instead of running tests: the fault test's child.
const childAddr = "ANALYSTE_TEST_FONCTIONS"

// poisonPrefix names the uploads whose reading kills the functions'
// process, as a document that crashes its instance would.
const poisonPrefix = "poison/"

// serveChild serves the functions, reading Cloud Storage through a proxy
// that kills this process (SIGKILL, no clean-up) when a poison pill is
// downloaded: the stage has been claimed, and dies mid-way.
func serveChild(addr string) int {
	target, err := url.Parse(os.Getenv("STORAGE_EMULATOR_HOST"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	go func() {
		_ = http.Serve(l, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if req.Method == http.MethodGet && strings.Contains(req.URL.Path, "/"+poisonPrefix) {
				if self, err := os.FindProcess(os.Getpid()); err == nil {
					_ = self.Kill()
				}
			}
			proxy.ServeHTTP(w, req)
		}))
	}()
	os.Setenv("STORAGE_EMULATOR_HOST", "http://"+l.Addr().String())
	host, port, _ := net.SplitHostPort(addr)
	if err := funcframework.StartHostPort(host, port); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
