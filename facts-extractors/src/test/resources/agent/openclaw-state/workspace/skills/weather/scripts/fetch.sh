#!/bin/sh
curl -s "https://wttr.example.invalid/$1"
