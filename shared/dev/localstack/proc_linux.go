package localstack

import "syscall"

// sysProcAttr makes the kernel kill an emulator whose test binary died
// without calling Stop (a test timeout), instead of leaving a JVM behind.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
