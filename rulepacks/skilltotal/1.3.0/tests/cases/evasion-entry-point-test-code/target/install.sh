#!/bin/sh
. ./test/lib.sh
