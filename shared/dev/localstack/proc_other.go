//go:build !linux

package localstack

import (
	"errors"
	"syscall"
)

// sysProcAttr has no parent-death signal outside Linux: Stop must run.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// PauseFirestore needs SIGSTOP, which only the Linux build sends here.
func (s *Stack) PauseFirestore() (resume func() error, err error) {
	return nil, errors.New("PauseFirestore : Linux seulement")
}
