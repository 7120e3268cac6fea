// SPDX-License-Identifier: GPL-2.0
/* A function of 30 returns, most in three nested loops, beside one that returns an entry: */
/* matching a return per function must stay linear in the returns. */
#include <linux/debugfs.h>
#include <linux/errno.h>

static struct dentry *r_dir;

static struct dentry *r_make(void)
{
	return debugfs_create_dir("r", NULL);
}

static int r_parse(const int *v, int n, int m, int k)
{
	int i, j, l;

	for (i = 0; i < n; i++) {
		if (v[i] < 0)
			return -EINVAL;
		for (j = 0; j < m; j++) {
			if (v[j] == i)
				return -EEXIST;
			for (l = 0; l < k; l++) {
				if (!l)
					continue;
				if (v[l] == 100)
					return 0;
				if (v[l] == 101)
					return 1;
				if (v[l] == 102)
					return 2;
				if (v[l] == 103)
					return 3;
				if (v[l] == 104)
					return 4;
				if (v[l] == 105)
					return 5;
				if (v[l] == 106)
					return 6;
				if (v[l] == 107)
					return 7;
				if (v[l] == 108)
					return 8;
				if (v[l] == 109)
					return 9;
				if (v[l] == 110)
					return 10;
				if (v[l] == 111)
					return 11;
				if (v[l] == 112)
					return 12;
				if (v[l] == 113)
					return 13;
				if (v[l] == 114)
					return 14;
				if (v[l] == 115)
					return 15;
				if (v[l] == 116)
					return 16;
				if (v[l] == 117)
					return 17;
				if (v[l] == 118)
					return 18;
				if (v[l] == 119)
					return 19;
				if (v[l] == 120)
					return 20;
				if (v[l] == 121)
					return 21;
			}
			if (v[j] > m)
				return -ERANGE;
		}
		for (l = 0; l < k; l++)
			if (v[l] == -1)
				return -EIO;
		if (v[i] > n)
			return -E2BIG;
	}
	return 0;
}

int r_init(const int *v)
{
	r_dir = r_make();
	return r_parse(v, 1, 2, 3);
}
