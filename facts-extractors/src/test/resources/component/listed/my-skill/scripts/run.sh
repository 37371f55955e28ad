#!/bin/bash
git log --oneline | head -n 20
