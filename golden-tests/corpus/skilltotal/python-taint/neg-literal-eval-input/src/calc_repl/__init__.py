import ast
import json


def repl():
    text = input("literal> ")
    value = ast.literal_eval(text)
    print(json.dumps(value, indent=2, default=str))
