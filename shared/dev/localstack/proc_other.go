//go:build !linux

package localstack

import "syscall"

// sysProcAttr has no parent-death signal outside Linux: Stop must run.
func sysProcAttr() *syscall.SysProcAttr { return nil }
