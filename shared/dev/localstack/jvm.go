package localstack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// attempts bounds the restarts of an emulator (or of fake-gcs-server)
// that lost its port to another process between FreePort and its own bind.
const attempts = 3

// emulator is a running emulator JVM.
type emulator struct {
	name string
	addr string
	cmd  *exec.Cmd
	done chan struct{}
	log  *os.File
}

// startEmulator runs java with args(addr) until GET / answers Ok on addr,
// a free loopback address. Its output goes to logPath.
func startEmulator(ctx context.Context, name, java, logPath string, args func(host string, port int) []string) (*emulator, error) {
	var err error
	for range attempts {
		var e *emulator
		e, err = tryEmulator(ctx, name, java, logPath, args)
		if err == nil {
			return e, nil
		}
		if !errors.Is(err, errExited) {
			return nil, err
		}
	}
	return nil, err
}

var errExited = errors.New("processus terminé avant d'être prêt")

func tryEmulator(ctx context.Context, name, java, logPath string, args func(host string, port int) []string) (*emulator, error) {
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	log, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("journal de %s: %w", name, err)
	}
	cmd := exec.Command(java, args("127.0.0.1", port)...)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, fmt.Errorf("démarrage de %s: %w", name, err)
	}
	e := &emulator{name: name, addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), cmd: cmd, done: make(chan struct{}), log: log}
	go func() {
		_ = cmd.Wait()
		close(e.done)
	}()
	if err := e.waitReady(ctx); err != nil {
		e.stop()
		return nil, fmt.Errorf("%s (journal %s): %w", name, logPath, err)
	}
	return e, nil
}

// waitReady polls GET / until the emulator answers Ok.
func (e *emulator) waitReady(ctx context.Context) error {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		if e.ready(ctx) {
			return nil
		}
		select {
		case <-e.done:
			return errExited
		case <-ctx.Done():
			return fmt.Errorf("attente de %s: %w", e.name, ctx.Err())
		case <-tick.C:
		}
	}
}

func (e *emulator) ready(ctx context.Context) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+e.addr+"/", nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64))
	return resp.StatusCode == http.StatusOK && strings.TrimSpace(string(body)) == "Ok"
}

// stop kills the JVM and waits for it to go.
func (e *emulator) stop() {
	_ = e.cmd.Process.Kill()
	<-e.done
	e.log.Close()
}

// FreePort asks the kernel for a free loopback port. Another process may
// take it before the caller binds it: the emulators' start retries.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("recherche d'un port libre: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
