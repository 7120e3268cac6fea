/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What open.c shares with mmap.c: the record of an open file, where the
 * mappings of the file keep the client's vm_ops, and its lock.
 */
#ifndef _DBGFS_OPEN_H_
#define _DBGFS_OPEN_H_

#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct dbgfs_node;

/*
 * One open file of a node, so that removal can release it.  Pollers sleep
 * on @wq, which lives as long as the open file, never directly on a wait
 * queue of the client: that may be freed once the node is removed, while
 * poll() and epoll still hold their entries.  The client's queues get a
 * forwarder each (@pollers), which removal takes off again.
 */
struct dbgfs_open {
	struct hlist_node	link;		/* in its dbgfs_open_bucket() */
	struct dbgfs_node	*node;
	struct file		*file;
	/* node->events when last read: a poll tells of any since (EPOLLPRI). */
	int			seen;
	bool			released;	/* removal runs the release */
	bool			done;		/* ... and has run it */
	bool			fasync;		/* on in the client's fasync */
	bool			poll_err;	/* a forwarder was not made */
	bool			mmapped;	/* has had a vma */
	/* The modules are pinned by this, not by each vma (mmap_prepare) */
	bool			vm_pinned;
	/* The client's, for every vma of this file; set by the first mmap. */
	const struct vm_operations_struct *vm_ops;
	/* Pinned by each vma: the module that made the node, the fops' owner */
	struct module		*vm_module;
	struct module		*vm_owner;
	wait_queue_head_t	wq;
	spinlock_t		pollers_lock;
	struct list_head	pollers;	/* struct dbgfs_poller */
};

struct mutex *dbgfs_open_lock(struct dbgfs_node *node);
struct dbgfs_open *dbgfs_lookup_open(struct dbgfs_node *node,
				     struct file *file);

#endif /* _DBGFS_OPEN_H_ */
