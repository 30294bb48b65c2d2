package localstack

import "syscall"

// sysProcAttr makes the kernel kill an emulator whose test binary died
// without calling Stop (a test timeout), instead of leaving a JVM behind.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// PauseFirestore stops the Firestore emulator's process (SIGSTOP), as a
// database that stops answering; resume sends SIGCONT.
func (s *Stack) PauseFirestore() (resume func() error, err error) {
	p := s.firestore.cmd.Process
	if err := p.Signal(syscall.SIGSTOP); err != nil {
		return nil, err
	}
	return func() error { return p.Signal(syscall.SIGCONT) }, nil
}
