# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Shared helpers of the project's scripts: cache location, kernel resolution, package installs.

DBGFS_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DBGFS_CACHE=${DBGFS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dbgfs}

die() { printf '%s: %s\n' "${0##*/}" "$*" >&2; exit 1; }
note() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }

# Run apt-get update at most once per script run (and only when something is missing).
apt_updated=
apt_update_once() {
	[ -n "$apt_updated" ] && return 0
	note "apt-get update"
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || die "apt-get update failed"
	apt_updated=1
}

pkg_installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# install_pkgs PKG...: install those of PKG that are missing.
install_pkgs() {
	local missing=() p
	for p in "$@"; do
		pkg_installed "$p" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	apt_update_once
	note "installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		"${missing[@]}" >/dev/null || die "apt-get install ${missing[*]} failed"
}

# apt_download PKG: fetch PKG's .deb into the current directory.  As root, apt's
# sandbox user cannot write a root-owned folder: say root may do it.
apt_download() {
	apt-get download -qq -o APT::Sandbox::User=root "$1" >/dev/null
}

# The meta package that tracks each supported kernel series.  The 7.x series are
# Debian unstable's and experimental's, resolved in the build root of scripts/chroot,
# by their headers' meta package: 7.x's linux-image-ABI is itself a metapackage.
series_meta() {
	case "$1" in
	6.1)  echo linux-image-amd64 ;;
	6.12) echo linux-image-6.12-amd64 ;;
	6.12-rt) echo linux-image-6.12-rt-amd64 ;;
	7.2) echo linux-headers-amd64 ;;
	7.3-rc) echo linux-headers-amd64/experimental ;;
	*) die "unknown kernel series '$1' (6.1, 6.12, 6.12-rt, 7.2 or 7.3-rc)" ;;
	esac
}

# series_in_root SERIES: whether SERIES is built in the Debian unstable root of
# scripts/chroot (its kernel was built with a gcc Debian 12 does not have).
series_in_root() {
	case "$1" in
	7.*) return 0 ;;
	*) return 1 ;;
	esac
}

# kernel_abi SERIES: the concrete ABI name the meta package depends on now,
# e.g. 6.1.0-57-amd64.  Resolved at run time: Debian moves it every few weeks.
kernel_abi() {
	local meta abi kind=image update=apt_update_once cache=(apt-cache)
	meta=$(series_meta "$1")
	if series_in_root "$1"; then
		kind=headers
		cache=("$DBGFS_TOP/scripts/chroot" run apt-cache)
		update=("$DBGFS_TOP/scripts/chroot" update)
	fi
	abi=$("${cache[@]}" depends "$meta" 2>/dev/null |
		sed -n "s/^ *Depends: linux-$kind-\(.*-amd64\)\$/\1/p" | grep -v unsigned | head -n1)
	if [ -z "$abi" ]; then
		"${update[@]}"
		abi=$("${cache[@]}" depends "$meta" 2>/dev/null |
			sed -n "s/^ *Depends: linux-$kind-\(.*-amd64\)\$/\1/p" | grep -v unsigned | head -n1)
	fi
	[ -n "$abi" ] || die "cannot resolve the kernel of $meta"
	echo "$abi"
}
