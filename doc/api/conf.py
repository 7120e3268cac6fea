# SPDX-License-Identifier: GPL-2.0
# Sphinx configuration of the API reference (scripts/docs, make docs).  The pages are
# this folder's *.rst, copied beside the reST that kernel-doc makes of the sources
# (generated/, included by the pages, never a page itself).
import os

project = 'dbgfs'
version = release = os.environ.get('DBGFS_VERSION', '')
copyright = 'the dbgfs authors, GPL-2.0'
master_doc = 'index'
exclude_patterns = ['generated']
primary_domain = 'c'
highlight_language = 'none'

# Kernel annotations in the signatures kernel-doc gives, as the kernel's own
# Documentation/conf.py declares them to Sphinx' C parser.
c_id_attributes = ['__user', '__iomem', '__must_check', '__printf']

html_theme = 'alabaster'
html_title = 'dbgfs %s API reference' % release
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
