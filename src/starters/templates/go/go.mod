module {{GAME}}-bot

go 1.19
