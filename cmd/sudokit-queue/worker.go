package main

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/queue"
)

func (a *app) workerCmd() *cobra.Command {
	var f connFlags
	var jobs int
	cmd := &cobra.Command{
		Use:   "worker --server nats://HOST:PORT",
		Short: "Answer queued work until interrupted",
		Long: `worker takes work from the queue of the server, answers it with sudokit's own
code and stores the answers; -j messages are worked on at once. A worker
may be stopped or killed at any time: the work it held goes to another
worker once --ack-wait passes.`,
		Example: `  sudokit-queue worker --server nats://queue.example:4222 -j 8`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if jobs < 1 || jobs > puzzle.MaxJobs {
				return fmt.Errorf("-j must be 1 to %d", puzzle.MaxJobs)
			}
			settings, err := f.settings()
			if err != nil {
				return err
			}
			nc, err := f.connect("sudokit-queue worker")
			if err != nil {
				return err
			}
			defer nc.Close()
			w := &queue.Worker{Conn: nc, Settings: settings, Jobs: jobs, Logf: a.warnf}
			return w.Run(cmd.Context())
		},
	}
	f.register(cmd, false)
	cmd.Flags().IntVarP(&jobs, "jobs", "j", runtime.GOMAXPROCS(0), "messages worked on at once")
	cmd.MarkFlagRequired("server")
	return cmd
}

func (a *app) serverCmd() *cobra.Command {
	var f connFlags
	cmd := &cobra.Command{
		Use:   "server",
		Short: "Run a NATS server with JetStream for workers and submitters to join",
		Long: `server runs the embedded NATS server with JetStream storage in --dir until
interrupted, for submitters and workers on other machines (--listen
0.0.0.0:4222 to be reachable; set --user/--password or --token, and
--tls-cert/--tls-key, on a shared network). Any nats-server with -js serves
as well.`,
		Example: `  sudokit-queue server --listen 0.0.0.0:4222 --token "$TOKEN" --dir /var/lib/sudokit-queue`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ns, err := f.embedded()
			if err != nil {
				return err
			}
			defer ns.Shutdown()
			a.notef("NATS server on %s, storage in %s", ns.ClientURL(), f.dir)
			<-cmd.Context().Done()
			return nil
		},
	}
	f.register(cmd, true)
	return cmd
}
